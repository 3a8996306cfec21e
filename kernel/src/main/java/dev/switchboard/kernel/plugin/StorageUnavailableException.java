package dev.switchboard.kernel.plugin;

import dev.switchboard.ports.storage.StorageException;

/**
 * A plugin asked for the storage while none is open (no storage plugin started, or the configured one failed). Its
 * message says why; the plugin that asked fails as a consequence, which needs no stack trace of its own.
 */
final class StorageUnavailableException extends StorageException {

    private static final long serialVersionUID = 1L;

    /**
     * @param reason       why, for the operator
     * @param clientReason why, as clients may be told (no host, port, user or path)
     */
    StorageUnavailableException(String reason, String clientReason) {
        super("storage is not available: " + reason, "storage is not available: " + clientReason, null);
    }
}
