package dev.switchboard.plugin.handoff.application.port.out;

import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Receipt;

/** What appending a handoff did. Immutable. */
public sealed interface AppendResult permits AppendResult.Committed, AppendResult.Replayed, AppendResult.Conflict {

    /** @return the receipt of the new handoff, or of the earlier one the idempotency key names */
    Receipt receipt();

    /**
     * A new handoff was committed with the next sequence.
     *
     * @param receipt its receipt
     */
    record Committed(Receipt receipt) implements AppendResult {
        /** @throws NullPointerException if {@code receipt} is null */
        public Committed {
            Objects.requireNonNull(receipt, "receipt");
        }
    }

    /**
     * The idempotency key was used before with the same payload: nothing was written.
     *
     * @param receipt the earlier handoff's receipt
     */
    record Replayed(Receipt receipt) implements AppendResult {
        /** @throws NullPointerException if {@code receipt} is null */
        public Replayed {
            Objects.requireNonNull(receipt, "receipt");
        }
    }

    /**
     * The idempotency key was used before with a different payload: nothing was written.
     *
     * @param receipt the earlier handoff's receipt
     */
    record Conflict(Receipt receipt) implements AppendResult {
        /** @throws NullPointerException if {@code receipt} is null */
        public Conflict {
            Objects.requireNonNull(receipt, "receipt");
        }
    }
}
