package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.List;
import java.util.Objects;

/**
 * One row of the original's {@code messages} with its deliveries, as the file holds it (a column the file lacks is
 * null, or its default: {@code decision_requested} 1). Immutable.
 *
 * @param id                the message id, kept ({@code #412} stays 412)
 * @param from              the author's role
 * @param to                the one recipient, or {@code *} for a message to several
 * @param topic             the topic
 * @param body              the body
 * @param actionRequired    whether it is a debt
 * @param replyTo           the parent's id, or null
 * @param createdAt         when it was sent
 * @param status            {@code open}, {@code resolved} or null
 * @param resolvedBy        the resolver, or null
 * @param resolvedAt        when it was resolved, or null
 * @param resolutionNote    the resolution note, or null
 * @param kind              the kind, or null
 * @param workStatus        the work status, or null
 * @param blockedBy         the one blocker's id, or null
 * @param deletedAt         the tombstone's time, or null
 * @param pinKey            the pin key a proposal changes, or null
 * @param aboutMessageId    the message a nudge is about, or null
 * @param voters            the declared electorate as JSON, or null
 * @param supersededAt      when a causal event retired it, or null
 * @param addenda           per-recipient tails as JSON, or null
 * @param decisionRequested whether a proposal asks for a decision
 * @param revisedAt         when it was last revised, or null
 * @param readAt            a one-recipient message's read time (on the message row in the original), or null
 * @param openedAt          a one-recipient message's delivery time, or null
 * @param recipients        the rows of {@code message_recipients} for it (a message to several), possibly none
 */
public record SourceMessage(
        long id,
        String from,
        String to,
        String topic,
        String body,
        boolean actionRequired,
        Long replyTo,
        String createdAt,
        String status,
        String resolvedBy,
        String resolvedAt,
        String resolutionNote,
        String kind,
        String workStatus,
        Long blockedBy,
        String deletedAt,
        String pinKey,
        Long aboutMessageId,
        String voters,
        String supersededAt,
        String addenda,
        boolean decisionRequested,
        String revisedAt,
        String readAt,
        String openedAt,
        List<Delivery> recipients) {

    /** @throws NullPointerException if a column the original declares NOT NULL is null */
    public SourceMessage {
        Objects.requireNonNull(from, "from_role");
        Objects.requireNonNull(to, "to_role");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(createdAt, "created_at");
        recipients = List.copyOf(recipients);
    }

    /**
     * One recipient's delivery and read state.
     *
     * @param role     the recipient
     * @param readAt   when it marked the message read, or null
     * @param openedAt when {@code read_inbox} first returned it, or null
     */
    public record Delivery(String role, String readAt, String openedAt) {

        /** @throws NullPointerException if {@code role} is null */
        public Delivery {
            Objects.requireNonNull(role, "to_role");
        }
    }
}
