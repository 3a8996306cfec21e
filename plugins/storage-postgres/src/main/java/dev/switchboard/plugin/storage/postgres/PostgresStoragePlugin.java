package dev.switchboard.plugin.storage.postgres;

import org.pf4j.Plugin;

/**
 * PF4J entry of the {@code storage-postgres} plugin. It has no lifecycle work of its own: the kernel opens and closes
 * the pool through {@link PostgresStorageProvider}, and only when {@code kernel.storage} is {@code postgres}.
 */
public final class PostgresStoragePlugin extends Plugin {

    /** Called by PF4J. */
    public PostgresStoragePlugin() {
        super();
    }
}
