package dev.switchboard.plugin.mailbox.work.domain;

import java.util.List;
import java.util.Objects;

/** What {@link WorkStatusRule} decided for a {@code set_work_status}. Immutable values. */
public sealed interface WorkStatusDecision {

    /**
     * A real transition: write the value and its audit event.
     *
     * @param previous the value before, or null when none was set
     * @param next     the value after
     * @param blockers the blocker ids to store: the requested ones for {@code blocked}, otherwise none (leaving
     *                 {@code blocked} clears them)
     */
    record Transition(WorkStatus previous, WorkStatus next, List<Long> blockers) implements WorkStatusDecision {
        /** @throws NullPointerException if next or blockers is null */
        public Transition {
            Objects.requireNonNull(next, "next");
            blockers = List.copyOf(blockers);
        }
    }

    /**
     * The same role set the same value (and blockers) already, and no reopen happened since: nothing is written.
     *
     * @param value the value, unchanged
     */
    record AlreadySet(WorkStatus value) implements WorkStatusDecision {}

    /**
     * Refused; nothing is written.
     *
     * @param problem what is wrong
     * @param subject the id the problem is about: the message, or the offending blocker
     */
    record Refused(Problem problem, long subject) implements WorkStatusDecision {}

    /** Why a work_status change is refused. */
    enum Problem {
        /** {@code done} only confirms a declared {@code done_local}. A refused state change (conflict). */
        DONE_NEEDS_DONE_LOCAL,
        /** The role that declared {@code done_local} cannot also confirm it. Acting outside one's part (forbidden). */
        DONE_BY_DONE_LOCAL_SETTER,
        /** {@code blocked_by} was given with another value than {@code blocked}. Bad input. */
        BLOCKED_BY_NEEDS_BLOCKED,
        /** A blocker is not a live message of the channel. Bad input. */
        BLOCKER_NOT_FOUND,
        /** A blocker is not a debt, so nothing could ever resolve it. Bad input. */
        BLOCKER_NOT_A_DEBT,
        /** A blocker is resolved already, so it blocks nothing. Bad input. */
        BLOCKER_RESOLVED,
        /** A task cannot wait on itself. Bad input. */
        BLOCKER_IS_ITSELF
    }
}
