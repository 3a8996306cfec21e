package dev.switchboard.plugin.storage.sqlite;

import com.google.inject.AbstractModule;
import com.google.inject.Scopes;

/**
 * Guice bindings of the {@code storage-sqlite} plugin, installed in the plugin's child injector. The provider is a
 * singleton so that the instance the kernel opens is the one it later closes.
 */
public final class SqliteStorageModule extends AbstractModule {

    @Override
    protected void configure() {
        bind(SqliteStorageProvider.class).in(Scopes.SINGLETON);
    }
}
