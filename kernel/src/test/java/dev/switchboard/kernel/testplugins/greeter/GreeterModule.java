package dev.switchboard.kernel.testplugins.greeter;

import com.google.inject.AbstractModule;
import com.google.inject.name.Names;

/** Binds the greeting, to prove the plugin's own module reaches its extensions. */
public final class GreeterModule extends AbstractModule {
    @Override
    protected void configure() {
        bindConstant().annotatedWith(Names.named("greeting")).to("Hello");
    }
}
