package dev.switchboard.kernel.storage;

/**
 * The copy started and failed (a plugin's migration the target refuses, a row the target refuses, a connection lost, a
 * checksum that differs): no row was committed to the target, and what the plugins' migrations had created there was
 * removed again. The message says so, or, when that removal failed too, what is left and how to reset the target.
 */
public final class CopyFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CopyFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
