package dev.switchboard.ports.storage;

/**
 * The database failed, or refused an operation.
 *
 * <p>{@link #getMessage()} is for the operator (the server's log, {@code switchboard doctor}) and may name where the
 * database is and as whom it is reached (a host, port, user or file). {@link #clientMessage()} is what the kernel shows
 * MCP clients instead (a tool error's reason, {@code server_info}); an adapter whose message names such things passes
 * a second text without them. Immutable once thrown; safe to share between threads.
 */
public class StorageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Null when the message itself may be shown to clients. */
    private final String clientMessage;

    /** @param message what failed; also what clients are told */
    public StorageException(String message) {
        super(message);
        this.clientMessage = null;
    }

    /**
     * @param message what failed; also what clients are told
     * @param cause   the driver's exception
     */
    public StorageException(String message, Throwable cause) {
        super(message, cause);
        this.clientMessage = null;
    }

    /**
     * @param message       what failed, for the operator: may name the host, port, user or file
     * @param clientMessage the same for clients, one line naming none of them (nor a password)
     * @param cause         the driver's exception, or null
     */
    public StorageException(String message, String clientMessage, Throwable cause) {
        super(message, cause);
        this.clientMessage = clientMessage;
    }

    /** @return what MCP clients may be told about this failure: the message unless a client text was given */
    public String clientMessage() {
        return clientMessage == null ? getMessage() : clientMessage;
    }
}
