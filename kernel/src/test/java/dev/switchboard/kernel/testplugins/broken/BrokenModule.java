package dev.switchboard.kernel.testplugins.broken;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.tool.Tool;

/** Binds {@link BrokenTool} into the tool set; the plugin never starts, so the tool is never listed. */
public final class BrokenModule extends AbstractModule {
    @Override
    protected void configure() {
        Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(BrokenTool.class);
    }
}
