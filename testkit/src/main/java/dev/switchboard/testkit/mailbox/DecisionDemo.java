package dev.switchboard.testkit.mailbox;

import static dev.switchboard.testkit.mailbox.BoardDemo.args;
import static dev.switchboard.testkit.mailbox.BoardDemo.id;
import static dev.switchboard.testkit.mailbox.BoardDemo.pinCharter;
import static dev.switchboard.testkit.mailbox.BoardDemo.propose;

import java.util.List;
import java.util.Map;

/**
 * The decisions added to the board's demonstration channel after {@link BoardDemo#fill}, for the pages that explain
 * them (ADR 66): a vote of {@code needs_changes} with a note on the open glossary proposal (so {@code qa} is
 * the one still to vote, while {@code lead} has no agree yet), a blocker ({@code plan} waits on {@link #env}), a debt
 * resolved with a note, reopened with a reason and taken up again with a note ({@link #logo}, carrying an addendum
 * for its recipient), and a second version of the charter pin approved by a second proposal whose votes carry notes.
 * Like {@link BoardDemo}, only tool calls as each role, through a {@link BoardDemo.Caller}.
 *
 * @param env      qa → backend, open: the debt {@code plan} is blocked by
 * @param logo     lead → frontend: resolved, reopened, in progress again
 * @param charter2 the proposal that approved the charter's version 2
 */
public record DecisionDemo(long env, long logo, long charter2) {

    /** lead's note with its {@code needs_changes} on the glossary proposal. */
    public static final String NEEDS_CHANGES_NOTE = "define 'court' before we pin it";

    /** qa's note when it marks {@code plan} blocked on {@link #env}. */
    public static final String BLOCKED_NOTE = "waiting for the load-test environment";

    /** frontend's resolution note on {@link #logo}. */
    public static final String RESOLUTION_NOTE = "redrawn as SVG";

    /** lead's reason for reopening {@link #logo}. */
    public static final String REOPEN_REASON = "still blurry at 2x";

    /** frontend's note when it takes {@link #logo} up again. */
    public static final String PROGRESS_NOTE = "redrawing at 2x";

    /** lead's addendum on {@link #logo} for frontend. */
    public static final String ADDENDUM = "use the brand colours of the charter";

    /** The charter's second version. */
    public static final String CHARTER_BODY_2 = "We review every change before it lands.\nWe pair on risky changes.";

    /** The note backend gives with its agree on the second charter proposal. */
    public static final String AGREE_NOTE = "pairing helps";

    /**
     * Adds the decisions to a channel {@link BoardDemo#fill} filled.
     *
     * @param caller makes each call as its role
     * @param demo   what {@link BoardDemo#fill} sent
     * @return the ids of what was sent
     */
    public static DecisionDemo fill(BoardDemo.Caller caller, BoardDemo demo) {
        caller.ok(
                "lead",
                "acknowledge",
                args("message_id", demo.glossary(), "decision", "needs_changes", "note", NEEDS_CHANGES_NOTE));
        long env = id(caller.ok(
                "qa",
                "send_message",
                args(
                        "to",
                        "backend",
                        "topic",
                        "load-test environment",
                        "body",
                        "set up the load-test environment",
                        "action_required",
                        true)));
        caller.ok(
                "qa",
                "set_work_status",
                args(
                        "message_id",
                        demo.plan(),
                        "work_status",
                        "blocked",
                        "blocked_by",
                        List.of(env),
                        "note",
                        BLOCKED_NOTE));
        long logo = id(caller.ok(
                "lead",
                "send_message",
                args(
                        "to",
                        "frontend",
                        "topic",
                        "logo",
                        "body",
                        "draw the logo",
                        "action_required",
                        true,
                        "addenda",
                        Map.of("frontend", ADDENDUM))));
        caller.ok("frontend", "resolve_message", args("message_id", logo, "resolution_note", RESOLUTION_NOTE));
        caller.ok("lead", "reopen_message", args("message_id", logo, "reason", REOPEN_REASON));
        caller.ok(
                "frontend",
                "set_work_status",
                args("message_id", logo, "work_status", "in_progress", "note", PROGRESS_NOTE));
        long charter2 = propose(caller, "lead", "charter", "charter v2", "agree to pin charter version 2");
        caller.ok("backend", "acknowledge", args("message_id", charter2, "decision", "agree", "note", AGREE_NOTE));
        for (String voter : List.of("frontend", "qa")) {
            caller.ok(voter, "acknowledge", args("message_id", charter2, "decision", "agree"));
        }
        pinCharter(caller, "2", CHARTER_BODY_2, charter2);
        return new DecisionDemo(env, logo, charter2);
    }
}
