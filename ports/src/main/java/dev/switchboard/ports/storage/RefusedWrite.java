package dev.switchboard.ports.storage;

import dev.switchboard.ports.tool.Outcome;

/**
 * Carries a refused {@link Outcome} out of {@link SqlStorage#write}'s transaction, so that the adapter rolls it back;
 * caught by {@code write} itself and never seen by a caller. No stack trace: it is control flow, not a failure.
 */
final class RefusedWrite extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The refusal, returned by {@code write} once the transaction was rolled back. */
    final transient Outcome<?> outcome;

    RefusedWrite(Outcome<?> outcome) {
        super("refused: rolled back", null, false, false);
        this.outcome = outcome;
    }
}
