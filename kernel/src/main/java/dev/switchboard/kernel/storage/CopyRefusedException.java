package dev.switchboard.kernel.storage;

/**
 * The copy did not start, and nothing was written anywhere: the target is not empty, or the source is not at the
 * schema versions of the installed plugins. The message says why and what to do.
 */
public final class CopyRefusedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    CopyRefusedException(String message) {
        super(message);
    }
}
