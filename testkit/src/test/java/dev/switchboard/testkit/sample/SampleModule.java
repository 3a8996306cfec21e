package dev.switchboard.testkit.sample;

import com.google.inject.AbstractModule;
import com.google.inject.Scopes;
import com.google.inject.multibindings.Multibinder;

import dev.switchboard.ports.tool.Tool;

/**
 * The sample plugin's bindings: its tool, and one journal of its service's lifecycle, shared by the service and a
 * test.
 */
public final class SampleModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(Journal.class).in(Scopes.SINGLETON);
        Multibinder.newSetBinder(binder(), Tool.class).addBinding().to(SampleGreetTool.class);
    }
}
