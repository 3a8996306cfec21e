package dev.switchboard.ports.storage;

/**
 * The database could not do the work for now, and the same work may succeed if tried again later: it stayed locked by
 * another writer (SQLite's {@code SQLITE_BUSY}), a lock or statement timeout fired (PostgreSQL SQLSTATE {@code 55P03},
 * {@code 57014}), a serialization failure or deadlock outlived the adapter's own retries ({@code 40001},
 * {@code 40P01}), or the connection to the server was lost ({@code 08xxx}, such as a PostgreSQL restart).
 *
 * <p>Thrown by {@link SqlStorage#transaction(SqlWork)} after the adapter's bounded retries, with the transaction
 * rolled back: nothing of the work is committed, except that a connection lost during the commit itself leaves the
 * outcome unknown (see {@link SqlStorage#transaction(SqlWork)}). Feature plugins map it to their {@code UNAVAILABLE} error without
 * knowing which backend raised it; backend error codes stay inside the adapters.
 */
public class StorageBusyException extends StorageException {

    private static final long serialVersionUID = 1L;

    /** @param message what was busy, for logs; safe to show a client (names no credentials) */
    public StorageBusyException(String message) {
        super(message);
    }

    /**
     * @param message what was busy, for logs; safe to show a client (names no credentials)
     * @param cause   the driver's exception
     */
    public StorageBusyException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * For a storage that cannot be opened for now (a database server that is down or refuses the login): thrown by
     * {@link StorageProvider#open()}, it tells the kernel to retry the open later rather than fail for good.
     *
     * @param message       for the operator's log; may name the server and user, never a credential
     * @param clientMessage the same as clients may be told: no host, port, database, user, path or secret
     * @param cause         the driver's exception, or null
     */
    public StorageBusyException(String message, String clientMessage, Throwable cause) {
        super(message, clientMessage, cause);
    }
}
