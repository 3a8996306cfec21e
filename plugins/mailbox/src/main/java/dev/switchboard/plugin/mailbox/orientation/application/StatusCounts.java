package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.orientation.domain.ActionableCounter;
import dev.switchboard.plugin.mailbox.orientation.domain.TaskLists;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;

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
     * @return the actionable counters (seed-features §1C.6 ACTIONABLE_COUNTS) that are not zero, with their values, in
     *     the original's order: what {@code GET /status} calls {@code pending}; empty when nothing is actionable
     */
    public Map<String, Integer> pending() {
        Map<String, Object> all = wire();
        Map<String, Integer> pending = new LinkedHashMap<>();
        for (String name : ActionableCounter.WIRE_NAMES) {
            int value = (Integer) all.get(name);
            if (value > 0) {
                pending.put(name, value);
            }
        }
        return pending;
    }
}
