package dev.switchboard.plugin.handoff.application.port.out;

/**
 * Storage stayed locked by another writer (another Switchboard process on the same database file) for longer than the
 * adapter is willing to retry. Nothing was changed; the caller may retry later.
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
