package dev.switchboard.kernel.plugin;

import dev.switchboard.ports.storage.StorageException;

/**
 * A plugin's schema migration failed on the open storage (the server lacks what the migration needs, such as an
 * extension, or records a newer or changed schema): the storage adapter's message names the migration and the
 * server's reason, which is the operator's to act on, so it is logged as one line rather than with a stack trace
 * ({@code doctor} and the start-up log alike).
 */
final class MigrationFailedException extends StorageException {

    private static final long serialVersionUID = 1L;

    MigrationFailedException(StorageException cause) {
        super(cause.getMessage(), cause.clientMessage(), cause);
    }
}
