package dev.switchboard.plugin.mailbox.work.domain;

import java.util.Optional;

/**
 * The progress of the work a message asks for, independent of its debt status and of its read state (seed-features
 * §1C.4). Any value may follow any other, except {@link #DONE} (see {@link WorkStatusRule}). The wire values, in
 * declaration order, are the core's {@code Vocabulary.WORK_STATUSES}, which refusals list.
 */
public enum WorkStatus {
    /** Suggested, not started. */
    PROPOSED("proposed"),
    /** Someone is on it: the setter's own list. */
    IN_PROGRESS("in_progress"),
    /** The executor finished on its side and waits for the other participant's {@code done}. */
    DONE_LOCAL("done_local"),
    /** The ball is at the other participant than the setter. */
    NEEDS_YOU("needs_you"),
    /** Finished and confirmed by the participant who did not declare {@code done_local}. */
    DONE("done"),
    /** Waiting: on live blockers (messages) or on something outside the channel, lifted by hand. */
    BLOCKED("blocked");

    private final String wire;

    WorkStatus(String wire) {
        this.wire = wire;
    }

    /** @return the value as stored and sent ({@code in_progress}) */
    public String wire() {
        return wire;
    }

    /** @return the name of the audit event a transition to this value writes ({@code work_status:in_progress}) */
    public String event() {
        return EVENT_PREFIX + wire;
    }

    /** The prefix of every transition event in the message history. */
    public static final String EVENT_PREFIX = "work_status:";

    /**
     * @param wire a value as sent or stored; case-sensitive, as in the original
     * @return the status, or empty for null or an unknown value
     */
    public static Optional<WorkStatus> fromWire(String wire) {
        for (WorkStatus status : values()) {
            if (status.wire.equals(wire)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }
}
