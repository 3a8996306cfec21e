package dev.switchboard.kernel.testplugins.clash;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.tool.Tool;

/** Binds {@link ClashTool}, named like the greeter's tool, into the tool set. */
public final class ClashModule extends AbstractModule {
    @Override
    protected void configure() {
        Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(ClashTool.class);
    }
}
