package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.Arrays;
import java.util.List;

/**
 * The counters that mean "there is something for you to triage" (seed-features §1C.6 ACTIONABLE_COUNTS). One set, so
 * that {@code wait_for_mail}, {@code channel_status} and any stop hook agree. Not in it on purpose: {@code blocked}
 * (nothing to do), {@code in_progress} (work that spans turns) and the full {@code open_obligations} (only its untaken
 * part has the ball at the addressee).
 */
public enum ActionableCounter {
    /** Messages to you that you have not marked read. */
    UNREAD("unread"),
    /** Open debts to you that you have not taken (see the work capability's taken rule). */
    OPEN_OBLIGATIONS_UNTAKEN("open_obligations_untaken"),
    /** Proposals awaiting your decision. */
    AWAITING_ACK("awaiting_ack"),
    /** Your blocked tasks whose blockers are gone. */
    UNBLOCKED("unblocked"),
    /** The ball is at you. */
    NEEDS_YOU("needs_you"),
    /** The other participant declared done_local. */
    AWAITING_DONE("awaiting_done"),
    /** The other participant resolved a debt of yours. */
    RESOLVED_FOR_YOU("resolved_for_you");

    /** The wire names in the original's order. */
    public static final List<String> WIRE_NAMES =
            Arrays.stream(values()).map(ActionableCounter::wire).toList();

    private final String wire;

    ActionableCounter(String wire) {
        this.wire = wire;
    }

    /** @return the counter's key in {@code counts}, {@code pending} and {@code pending_at_entry} */
    public String wire() {
        return wire;
    }
}
