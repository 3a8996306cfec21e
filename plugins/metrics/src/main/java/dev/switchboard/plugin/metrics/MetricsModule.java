package dev.switchboard.plugin.metrics;

import com.google.inject.AbstractModule;
import com.google.inject.Singleton;

import dev.switchboard.plugin.metrics.application.CallMetrics;

/**
 * Guice bindings of the {@code metrics} plugin: one {@link CallMetrics} in the plugin's own injector, shared by the
 * observer that feeds it and the endpoint that renders it. Bindings only.
 */
public final class MetricsModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(CallMetrics.class).in(Singleton.class);
    }
}
