package dev.switchboard.plugin.mailbox.work.domain;

import java.util.Optional;

/** The debt axis of an {@code action_required} message: open until resolved, open again after a reopen. */
public enum DebtStatus {
    /** Owed. */
    OPEN("open"),
    /** Someone resolved it; the other participant confirms or reopens. */
    RESOLVED("resolved");

    private final String wire;

    DebtStatus(String wire) {
        this.wire = wire;
    }

    /** @return the stored and sent value */
    public String wire() {
        return wire;
    }

    /**
     * @param wire a stored value, or null (a message that is not a debt)
     * @return the status, or empty for null or an unknown value
     */
    public static Optional<DebtStatus> fromWire(String wire) {
        for (DebtStatus status : values()) {
            if (status.wire.equals(wire)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
