package dev.switchboard.testkit.sample;

import com.google.inject.AbstractModule;
import com.google.inject.Scopes;

/** The sample plugin's bindings: one journal of its service's lifecycle, shared by the service and a test. */
public final class SampleModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(Journal.class).in(Scopes.SINGLETON);
    }
}
