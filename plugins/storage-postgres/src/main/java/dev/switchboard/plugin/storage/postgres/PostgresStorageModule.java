package dev.switchboard.plugin.storage.postgres;

import com.google.inject.AbstractModule;
import com.google.inject.Scopes;

/**
 * Guice bindings of the {@code storage-postgres} plugin, installed in the plugin's child injector. The provider is a
 * singleton so that the instance the kernel opens is the one it later closes, and the one the health check reads.
 */
public final class PostgresStorageModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(PostgresStorageProvider.class).in(Scopes.SINGLETON);
    }
}
