package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.domain.ActionableCounter;
import dev.switchboard.plugin.mailbox.orientation.application.port.out.StatusStore;
import dev.switchboard.plugin.mailbox.orientation.domain.TaskLists;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;

/**
 * One role's counters at one moment, without the ids behind them: what {@code channel_status} shows, read by
 * counting where a {@link StatusSnapshot} (for the waits, which compare ids) reads every id. Immutable.
 *
 * @param unread          live messages addressed to the role and not marked read by it
 * @param unopened        how many of them were never delivered
 * @param openObligations open debts addressed to the role
 * @param untaken         how many of them the role has not taken
 * @param awaitingAck     proposals awaiting its decision
 * @param lists           the task lists
 */
public record StatusCounts(
        int unread, int unopened, int openObligations, int untaken, int awaitingAck, TaskLists lists) {

    /** @throws NullPointerException if the lists are null */
    public StatusCounts {
        Objects.requireNonNull(lists, "lists");
    }

    /**
     * The counters from what the stores read: the one place that turns those reads into counts, for
     * {@link StatusReader#counts} and for the hooks' direct path (ADR 25), which run the same queries. The untaken
     * debts are the open ones minus those the taken rule ({@link DebtClaim#isTakenBy}) holds for, among the few the
     * role moved last; the task lists are {@link TaskLists#of} the candidates.
     *
     * @param role       the role
     * @param unread     its unread count ({@code StatusStore.unreadCount})
     * @param open       its open debts ({@code WorkStore.openDebtCountTo})
     * @param movedBy    the open debts addressed to it whose last transition it made
     *                   ({@code WorkStore.openDebtClaimsMovedBy})
     * @param awaiting   how many proposals await its decision ({@code RoundStore.awaitingDecisionOf})
     * @param candidates its task candidates ({@code WorkStore.taskCandidates})
     * @return the counters
     */
    public static StatusCounts of(
            String role,
            StatusStore.UnreadCount unread,
            int open,
            List<DebtClaim> movedBy,
            int awaiting,
            List<WorkFacts> candidates) {
        int taken = (int) movedBy.stream().filter(debt -> debt.isTakenBy(role)).count();
        return new StatusCounts(
                unread.unread(), unread.unopened(), open, open - taken, awaiting, TaskLists.of(candidates, role));
    }

    /** @return {@code counts} as sent: every counter, in the original's order */
    public Map<String, Object> wire() {
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("unread", unread);
        counts.put("unopened", unopened);
        counts.put("opened_unmarked", unread - unopened);
        counts.put("open_obligations", openObligations);
        counts.put("open_obligations_untaken", untaken);
        counts.put("awaiting_ack", awaitingAck);
        for (TaskList list : TaskList.values()) {
            counts.put(list.wire(), lists.of(list).size());
        }
        return counts;
    }

    /**
     * The actionable counters (seed-features §1C.6 ACTIONABLE_COUNTS), read from these counts: what {@code /hook-status}
     * sends, what the stop hook and the status CLI decide on. The one place that maps counts to that set.
     *
     * @return every {@link ActionableCounter} by its wire name, zeros included, in the original's order
     */
    public Map<String, Integer> actionable() {
        Map<String, Integer> actionable = new LinkedHashMap<>();
        for (ActionableCounter counter : ActionableCounter.values()) {
            actionable.put(counter.wire(), of(counter));
        }
        return actionable;
    }

    private int of(ActionableCounter counter) {
        return switch (counter) {
            case UNREAD -> unread;
            case OPEN_OBLIGATIONS_UNTAKEN -> untaken;
            case AWAITING_ACK -> awaitingAck;
            case UNBLOCKED -> lists.of(TaskList.UNBLOCKED).size();
            case NEEDS_YOU -> lists.of(TaskList.NEEDS_YOU).size();
            case AWAITING_DONE -> lists.of(TaskList.AWAITING_DONE).size();
            case RESOLVED_FOR_YOU -> lists.of(TaskList.RESOLVED_FOR_YOU).size();
        };
    }

    /**
     * @return the actionable counters (seed-features §1C.6 ACTIONABLE_COUNTS) that are not zero, with their values, in
     *     the original's order: what {@code GET /status} calls {@code pending}; empty when nothing is actionable
     */
    public Map<String, Integer> pending() {
        Map<String, Integer> pending = new LinkedHashMap<>();
        actionable().forEach((name, value) -> {
            if (value > 0) {
                pending.put(name, value);
            }
        });
        return pending;
    }
}
