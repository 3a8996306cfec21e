package dev.switchboard.plugin.mailbox.work.domain;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The per-role task lists of {@code channel_status} (seed-features §1C.4, §1C.6). Whose list a task lands in follows
 * the author of the last transition to its current value: {@code in_progress} and {@code blocked} (and
 * {@code unblocked}) belong to whoever set them; {@code needs_you} and {@code awaiting_done} ({@code done_local}) to
 * the other participant; {@code resolved_for_you} to the participant who did not resolve, until a confirm or a reopen.
 */
public enum TaskList {
    /** Your blocked tasks still behind a live blocker (or blocked by hand). */
    BLOCKED("blocked"),
    /** Your blocked tasks whose blockers are all resolved or deleted: resume them with set_work_status. */
    UNBLOCKED("unblocked"),
    /** What you set in_progress: your unfinished work. */
    IN_PROGRESS("in_progress"),
    /** The other participant set needs_you: the ball is at you. */
    NEEDS_YOU("needs_you"),
    /** The other participant declared done_local and waits for your done. */
    AWAITING_DONE("awaiting_done"),
    /** The other participant resolved a debt of yours: confirm it or reopen it. */
    RESOLVED_FOR_YOU("resolved_for_you");

    private final String wire;

    TaskList(String wire) {
        this.wire = wire;
    }

    /** @return the list's key in {@code channel_status} and its {@code counts} */
    public String wire() {
        return wire;
    }

    /**
     * The lists a message lands in for one of its participants. A message may be in one work list (by its work_status)
     * and in {@code resolved_for_you} at once; the two axes are independent.
     *
     * @param task a live message
     * @param role a participant of it (the sender or a recipient): the caller checks that, with the one "addressed to"
     *             predicate of the message capability
     * @return the lists, possibly none
     */
    public static Set<TaskList> placing(WorkFacts task, String role) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(role, "role");
        EnumSet<TaskList> lists = EnumSet.noneOf(TaskList.class);
        if (task.workStatus() != null) {
            boolean setByRole = task.currentSetter().equals(role);
            switch (task.workStatus()) {
                case BLOCKED -> {
                    if (setByRole) {
                        lists.add(task.isUnblocked() ? UNBLOCKED : BLOCKED);
                    }
                }
                case IN_PROGRESS -> {
                    if (setByRole) {
                        lists.add(IN_PROGRESS);
                    }
                }
                case NEEDS_YOU -> {
                    if (!setByRole) {
                        lists.add(NEEDS_YOU);
                    }
                }
                case DONE_LOCAL -> {
                    if (!setByRole) {
                        lists.add(AWAITING_DONE);
                    }
                }
                case PROPOSED, DONE -> {
                    // nobody's move
                }
            }
        }
        if (task.actionRequired()
                && task.status() == DebtStatus.RESOLVED
                && task.resolvedBy() != null
                && !task.resolvedBy().equals(role)
                && !task.trail().resolutionConfirmed()) {
            lists.add(RESOLVED_FOR_YOU);
        }
        return lists;
    }
}
