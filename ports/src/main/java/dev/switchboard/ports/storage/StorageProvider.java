package dev.switchboard.ports.storage;

import javax.sql.DataSource;

import org.pf4j.ExtensionPoint;

/**
 * Extension point of storage adapter plugins. The kernel starts storage plugins before all others, opens the storage
 * of the configured backend, and binds it as {@link SqlStorage} for every other plugin.
 */
public interface StorageProvider extends ExtensionPoint {

    /** @return the backend's name, matched against the {@code kernel.storage} setting, such as {@code sqlite} */
    String backend();

    /**
     * Opens the storage: creates the database if needed, with owner-only permissions for local files. Called once.
     *
     * @return the open storage
     * @throws StorageBusyException if the database cannot be opened for now but may be later (a server that is down,
     *                              starting, full, or refusing the login): {@code serve} retries the open in the
     *                              background instead of failing the plugin for good (ADR 35)
     * @throws StorageException     if the database cannot be opened
     */
    SqlStorage open();

    /**
     * Opens the storage as {@link #open()} does, but only if the database already exists: for a command that reads a
     * store a server has used (the storage-only start of a plugin subcommand, ADR 23), which must not create one as a
     * side effect. Called once, instead of {@link #open()}; {@link #close()} closes it.
     *
     * @return the open storage
     * @throws StorageException if the database does not exist (saying so, and that no server has used it) or cannot
     *                          be opened
     * @implSpec The default calls {@link #open()}: right for a backend whose {@code open} creates no database (a
     *           server's database is made by its operator). A backend that creates its database on open (SQLite's
     *           file) overrides it.
     */
    default SqlStorage openExisting() {
        return open();
    }

    /**
     * Opens the database for reading only, as the source of {@code switchboard storage copy}: nothing is created,
     * migrated or written, so the database stays as it was (a server may keep running on it). Independent of
     * {@link #open()}; the caller closes every connection it takes, and nothing else needs closing.
     *
     * @return a data source whose connections can only read; one transaction on a connection sees one consistent
     *         snapshot of the database. Thread-safe
     * @throws StorageException              if the database does not exist or a setting is malformed
     * @throws UnsupportedOperationException if this backend cannot be the source of a copy (the default)
     */
    default DataSource openReadOnly() {
        throw new UnsupportedOperationException("the " + backend() + " backend cannot be the source of a copy");
    }

    /** Closes the storage opened by {@link #open()}; waits for running transactions. Called once, at shutdown. */
    void close();
}
