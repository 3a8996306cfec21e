package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many rows an import wrote into each mailbox table. Immutable.
 *
 * @param messages   {@code mailbox_message}
 * @param recipients {@code mailbox_recipient} (one per recipient of each message: the read state)
 * @param blockers   {@code mailbox_blocker} (a task's {@code blocked_by})
 * @param acks       {@code mailbox_ack}
 * @param events     {@code mailbox_event}
 * @param pins       {@code mailbox_pin} (every version)
 * @param uploads    {@code mailbox_upload}
 */
public record ImportCounts(
        long messages, long recipients, long blockers, long acks, long events, long pins, long uploads) {

    /** @return the counts by table name, in write order */
    public Map<String, Long> byTable() {
        Map<String, Long> tables = new LinkedHashMap<>();
        tables.put("mailbox_message", messages);
        tables.put("mailbox_recipient", recipients);
        tables.put("mailbox_blocker", blockers);
        tables.put("mailbox_ack", acks);
        tables.put("mailbox_event", events);
        tables.put("mailbox_pin", pins);
        tables.put("mailbox_upload", uploads);
        return tables;
    }
}
