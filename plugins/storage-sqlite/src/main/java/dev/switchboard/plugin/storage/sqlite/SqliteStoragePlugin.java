package dev.switchboard.plugin.storage.sqlite;

import org.pf4j.Plugin;

/**
 * PF4J entry of the {@code storage-sqlite} plugin. It has no lifecycle work of its own: the kernel opens and closes
 * the database through {@link SqliteStorageProvider}.
 */
public final class SqliteStoragePlugin extends Plugin {

    /** Called by PF4J. */
    public SqliteStoragePlugin() {
        super();
    }
}
