package dev.switchboard.ports.storage;

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
     * @throws StorageException if the database cannot be opened
     */
    SqlStorage open();

    /** Closes the storage opened by {@link #open()}; waits for running transactions. Called once, at shutdown. */
    void close();
}
