package dev.switchboard.plugin.mailbox.hosted.application.port.out;

/**
 * One {@code mailbox_audit} row: who did what when. Never a credential or a message body. Immutable.
 *
 * @param id      {@code audit_id}, ascending with time
 * @param at      when (ISO-8601 UTC, milliseconds)
 * @param actor   {@code owner}, {@code <channel>/<role>} or {@code <channel>/view:<label>}
 * @param action  a management tool's name, or {@code token_used}
 * @param channel the channel it concerns, or null
 * @param subject what it acted on (a role, a label, a token's id as {@code token #<id>}), or null
 * @param detail  a short note without secrets, or null
 */
public record AuditEntry(
        long id, String at, String actor, String action, String channel, String subject, String detail) {}
