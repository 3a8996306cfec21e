package dev.switchboard.ports.storage;

/** The database failed, or refused an operation. */
public class StorageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what failed */
    public StorageException(String message) {
        super(message);
    }

    /**
     * @param message what failed
     * @param cause   the driver's exception
     */
    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
