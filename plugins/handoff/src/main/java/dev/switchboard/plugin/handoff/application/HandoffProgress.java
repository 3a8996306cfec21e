package dev.switchboard.plugin.handoff.application;

/**
 * The change signal {@value #TOPIC}: a consumer's cursor moved ({@code advance_cursor}) or a handoff got an applied
 * record ({@code mark_applied}), in this process or any other on the same database. The persistence adapter publishes
 * it inside the transaction that makes the change, so it is delivered once that commits and never for a rolled-back
 * one; the owner's live board follows it (ADR 67), so a consumer's pending count and a handoff's applied records show
 * without waiting for the next handoff. It is apart from {@link HandoffListChanges#TOPIC}, whose listeners (the MCP
 * resources' {@code list_changed}) care only about the set of handoffs.
 */
public final class HandoffProgress {

    /** The change-signal topic of cursor moves and applied records. */
    public static final String TOPIC = "handoff.progress";

    private HandoffProgress() {}
}
