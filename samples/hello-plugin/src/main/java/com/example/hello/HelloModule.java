package com.example.hello;

import com.example.hello.adapter.in.tool.GreetTool;
import com.google.inject.AbstractModule;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.tool.Tool;

/**
 * Guice bindings of the {@code hello} plugin: its one tool, bound into the plugin's tool set. The HTTP endpoint is an
 * {@code @Extension}, found through PF4J's extension index. Bindings only.
 */
public final class HelloModule extends AbstractModule {

    @Override
    protected void configure() {
        Multibinder<Tool> tools = Multibinder.newSetBinder(binder(), Tool.class);
        tools.addBinding().to(GreetTool.class);
    }
}
