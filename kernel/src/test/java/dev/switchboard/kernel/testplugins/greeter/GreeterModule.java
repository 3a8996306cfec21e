package dev.switchboard.kernel.testplugins.greeter;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.name.Names;

import dev.switchboard.ports.tool.Tool;

/** Binds the greeting, to prove the plugin's own module reaches its extensions, and its tool into the tool set. */
public final class GreeterModule extends AbstractModule {
    @Override
    protected void configure() {
        bindConstant().annotatedWith(Names.named("greeting")).to("Hello");
        Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(GreetTool.class);
    }
}
