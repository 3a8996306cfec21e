package dev.switchboard.plugin.mailbox.orientation.domain;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.work.domain.TaskList;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;

/**
 * One entry of a {@code channel_status} task list: the id and topic, plus {@code blocked_by} in {@code blocked} and
 * {@code unblocked}, plus the resolution fields in {@code resolved_for_you}. Immutable.
 *
 * @param list the list it is in
 * @param task the message
 */
public record TaskEntry(TaskList list, WorkFacts task) {

    /** @return the entry as sent; values may be null (a resolution without a note) */
    public Map<String, Object> toWire() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("id", task.id());
        entry.put("topic", task.topic());
        switch (list) {
            case BLOCKED, UNBLOCKED -> entry.put("blocked_by", Message.blockedByOnTheWire(task.blockers()));
            case RESOLVED_FOR_YOU -> {
                entry.put("resolved_by", task.resolvedBy());
                entry.put("resolved_at", task.resolvedAt());
                entry.put("resolution_note", task.resolutionNote());
            }
            case IN_PROGRESS, NEEDS_YOU, AWAITING_DONE -> {
                // id and topic only
            }
        }
        return entry;
    }
}
