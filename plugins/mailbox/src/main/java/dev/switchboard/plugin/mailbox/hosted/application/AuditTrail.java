package dev.switchboard.plugin.mailbox.hosted.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.hosted.application.port.out.AuditEntry;
import dev.switchboard.plugin.mailbox.hosted.application.port.out.Registry;
import dev.switchboard.ports.tool.Outcome;

/**
 * {@code list_audit_events} (beyond the original): the owner reads who did what when — every management action and
 * the use of every credential (its first use, then at most once a minute). Never a credential or a body.
 * Thread-safe.
 */
@Singleton
public final class AuditTrail {

    private final Registry registry;

    @Inject
    AuditTrail(Registry registry) {
        this.registry = registry;
    }

    /**
     * @param channel  only this channel's entries, or null
     * @param beforeId only entries older than this id (paging), or null
     * @param limit    1..1000
     * @return {@code {result: [{id, at, actor, action, channel, subject, detail}], next_before_id}}, newest first;
     *         {@code next_before_id} is null when nothing older remains
     */
    public Outcome<Map<String, Object>> list(String channel, Long beforeId, int limit) {
        return registry.read(tx -> {
            List<AuditEntry> entries = tx.auditTrail(channel, beforeId, limit + 1);
            boolean more = entries.size() > limit;
            List<Map<String, Object>> result =
                    entries.stream().limit(limit).map(AuditTrail::wire).toList();
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("result", result);
            answer.put("next_before_id", more ? entries.get(limit - 1).id() : null);
            return Outcome.done(answer);
        });
    }

    private static Map<String, Object> wire(AuditEntry entry) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("id", entry.id());
        wire.put("at", entry.at());
        wire.put("actor", entry.actor());
        wire.put("action", entry.action());
        wire.put("channel", entry.channel());
        wire.put("subject", entry.subject());
        wire.put("detail", entry.detail());
        return wire;
    }
}
