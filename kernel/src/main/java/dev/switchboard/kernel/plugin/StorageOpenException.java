package dev.switchboard.kernel.plugin;

import dev.switchboard.ports.storage.StorageException;

/**
 * The configured storage backend could not be opened (a corrupt or read-only database file, a directory it may not
 * write): a condition of the operator's machine that the adapter's message describes, so it is logged as one line
 * rather than with a stack trace.
 */
final class StorageOpenException extends StorageException {

    private static final long serialVersionUID = 1L;

    StorageOpenException(StorageException cause) {
        super(cause.getMessage(), cause.clientMessage(), cause);
    }
}
