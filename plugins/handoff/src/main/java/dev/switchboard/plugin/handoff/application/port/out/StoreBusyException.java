package dev.switchboard.plugin.handoff.application.port.out;

/**
 * Storage stayed busy (locked by another writer, such as another Switchboard process or node on the same database; a
 * lock or statement timeout; the server unreachable) past the storage adapter's own waiting and retries. Nothing was
 * changed; the caller may retry later.
 */
public class StoreBusyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what was being done
     * @param cause   the last failure
     */
    public StoreBusyException(String message, Throwable cause) {
        super(message, cause);
    }
}
