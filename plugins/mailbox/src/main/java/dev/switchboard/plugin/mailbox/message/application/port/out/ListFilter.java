package dev.switchboard.plugin.mailbox.message.application.port.out;

/**
 * The filters of list_messages, validated; null means "any". Immutable.
 *
 * @param topic      a literal substring of the topic, ASCII case-insensitive
 * @param text       a literal substring of the topic or the body, ASCII case-insensitive
 * @param fromRole   the author
 * @param toRole     a recipient (multi-recipient and {@code "*"} messages included)
 * @param unreadFor  only messages addressed to this role that it has not marked read
 * @param since      the earliest {@code created_at}, in the mailbox format
 * @param status     {@code open} or {@code resolved}
 * @param kind       a kind
 * @param workStatus a work status
 * @param pinKey     the structural pin key
 */
public record ListFilter(
        String topic,
        String text,
        String fromRole,
        String toRole,
        String unreadFor,
        String since,
        String status,
        String kind,
        String workStatus,
        String pinKey) {}
