package dev.switchboard.plugin.mailbox.orientation.application;

import java.util.Map;
import java.util.Set;

import dev.switchboard.plugin.mailbox.channel.domain.ActionableCounter;
import dev.switchboard.plugin.mailbox.channel.domain.ActionableIds;
import dev.switchboard.plugin.mailbox.orientation.domain.TaskLists;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;

/**
 * One role's status at one moment with the ids behind every actionable counter, which the waits compare
 * ({@code channel_status} shows counts alone: {@link StatusCounts}). Immutable.
 *
 * @param unread          the unread message ids
 * @param unopened        how many of them were never delivered
 * @param openObligations how many open debts are addressed to the role
 * @param untaken         the open debts the role has not taken
 * @param awaitingAck     the proposals awaiting its decision
 * @param lists           the task lists
 */
public record StatusSnapshot(
        Set<Long> unread,
        int unopened,
        int openObligations,
        Set<Long> untaken,
        Set<Long> awaitingAck,
        TaskLists lists) {

    /** @throws NullPointerException if a set or the lists is null */
    public StatusSnapshot {
        unread = Set.copyOf(unread);
        untaken = Set.copyOf(untaken);
        awaitingAck = Set.copyOf(awaitingAck);
        if (lists == null) {
            throw new NullPointerException("lists");
        }
    }

    /** @return the ids behind every actionable counter */
    public ActionableIds actionable() {
        return new ActionableIds(Map.of(
                ActionableCounter.UNREAD, unread,
                ActionableCounter.OPEN_OBLIGATIONS_UNTAKEN, untaken,
                ActionableCounter.AWAITING_ACK, awaitingAck,
                ActionableCounter.UNBLOCKED, lists.ids(TaskList.UNBLOCKED),
                ActionableCounter.NEEDS_YOU, lists.ids(TaskList.NEEDS_YOU),
                ActionableCounter.AWAITING_DONE, lists.ids(TaskList.AWAITING_DONE),
                ActionableCounter.RESOLVED_FOR_YOU, lists.ids(TaskList.RESOLVED_FOR_YOU)));
    }
}
