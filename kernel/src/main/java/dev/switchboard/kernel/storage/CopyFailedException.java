package dev.switchboard.kernel.storage;

/**
 * The copy started and failed (a row the target refuses, a connection lost, a checksum that differs): no row was
 * committed to the target, whose schema holds the plugins' empty tables and recorded versions. The message says so
 * and how to reset the target.
 */
public final class CopyFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CopyFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
