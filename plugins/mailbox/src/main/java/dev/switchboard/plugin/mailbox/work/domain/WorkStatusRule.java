package dev.switchboard.plugin.mailbox.work.domain;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.AlreadySet;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.Problem;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.Refused;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.Transition;

/**
 * The work_status transition table (seed-features §1C.2 {@code set_work_status}, §1C.4):
 *
 * <ul>
 *   <li>any value may be set from any state, except {@code done}: only from {@code done_local}, and only by a role
 *       other than the one that set {@code done_local} (the sender, when no event says who);
 *   <li>{@code blocked_by} (one id or several) only with {@code blocked}; each blocker must be a live message, a debt,
 *       and not resolved, and not the task itself; leaving {@code blocked} clears the blockers;
 *   <li>re-setting the current value with the same blockers by the role that set it is {@code already_set} (nothing
 *       written), unless a reopen happened since it was set; by another role it is a real transition (it moves the
 *       ball).
 * </ul>
 *
 * Who may call at all (a participant) is the caller's check. A pure function.
 */
public final class WorkStatusRule {

    private WorkStatusRule() {}

    /**
     * @param task      the message whose work_status changes
     * @param role      the caller, a participant of the message
     * @param requested the value asked for
     * @param blockedBy the blocker ids asked for (duplicates ignored), empty when none was given
     * @param blockers  the facts of every id in {@code blockedBy}
     * @return the decision
     * @throws IllegalArgumentException if {@code blockers} lacks the facts of a requested id
     */
    public static WorkStatusDecision decide(
            WorkFacts task, String role, WorkStatus requested, List<Long> blockedBy, List<BlockerFacts> blockers) {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(requested, "requested");
        Set<Long> wanted = new TreeSet<>(blockedBy);
        if (requested == WorkStatus.DONE) {
            if (task.workStatus() != WorkStatus.DONE_LOCAL) {
                return new Refused(Problem.DONE_NEEDS_DONE_LOCAL, task.id());
            }
            if (task.currentSetter().equals(role)) {
                return new Refused(Problem.DONE_BY_DONE_LOCAL_SETTER, task.id());
            }
        }
        if (!wanted.isEmpty()) {
            if (requested != WorkStatus.BLOCKED) {
                return new Refused(Problem.BLOCKED_BY_NEEDS_BLOCKED, task.id());
            }
            Map<Long, BlockerFacts> byId =
                    blockers.stream().collect(Collectors.toMap(BlockerFacts::id, Function.identity(), (a, b) -> a));
            for (long id : wanted) {
                BlockerFacts blocker = byId.get(id);
                if (blocker == null) {
                    throw new IllegalArgumentException("no facts for blocker " + id);
                }
                Problem problem = problemOf(task, blocker);
                if (problem != null) {
                    return new Refused(problem, id);
                }
            }
        }
        if (requested == task.workStatus()
                && wanted.equals(new TreeSet<>(task.blockers()))
                && task.currentSetter().equals(role)
                && !task.trail().reopenedSinceCurrentWasSet()) {
            return new AlreadySet(requested);
        }
        return new Transition(task.workStatus(), requested, List.copyOf(wanted));
    }

    private static Problem problemOf(WorkFacts task, BlockerFacts blocker) {
        if (blocker.id() == task.id()) {
            return Problem.BLOCKER_IS_ITSELF;
        }
        if (!blocker.found()) {
            return Problem.BLOCKER_NOT_FOUND;
        }
        if (!blocker.actionRequired()) {
            return Problem.BLOCKER_NOT_A_DEBT;
        }
        if (blocker.resolved()) {
            return Problem.BLOCKER_RESOLVED;
        }
        return null;
    }
}
