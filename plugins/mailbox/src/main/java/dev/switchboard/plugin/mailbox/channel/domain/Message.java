package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.switchboard.ports.tool.Refusal;

/**
 * A message of a channel: every column of {@code mailbox_message}, its recipients with their read state and its
 * blockers. Identity fields ({@code from}, {@code resolvedBy}) come from the server. Times are mailbox timestamps
 * ({@code yyyy-MM-ddTHH:mm:ss.SSSZ}) or null. Immutable.
 *
 * @param id                the per-channel id, from 1
 * @param from              the author's role
 * @param toRole            the stored {@code to_role}: the one recipient, or {@code "*"} for several
 * @param recipients        every recipient, by role name
 * @param topic             the topic (trimmed, at most 80 characters)
 * @param body              the body (for a {@code body_ref} message, the sealed upload's text), or only its first
 *                          characters when {@code bodyChars} is set
 * @param bodyRef           the sealed upload the body came from, or null
 * @param actionRequired    whether it is a debt
 * @param replyTo           the parent message, or null
 * @param createdAt         when it was sent
 * @param status            {@code open}, {@code resolved}, or null for a message that is not a debt
 * @param resolvedBy        who resolved it, or null
 * @param resolvedAt        when, or null
 * @param resolutionNote    the resolver's note, or null
 * @param kind              bug, feat, proc, status, question, answer, or null
 * @param workStatus        proposed, in_progress, done_local, needs_you, done, blocked, or null
 * @param deletedAt         when it was deleted (a tombstone), or null
 * @param pinKey            the pin key a proposal is about, or null
 * @param aboutMessageId    the message a nudge is about, or null
 * @param voters            the declared electorate of a proposal, or null when none was declared
 * @param supersededAt      when it was retired, or null
 * @param addenda           per-recipient additions, by role (empty when none)
 * @param decisionRequested whether a proposal asks for votes
 * @param revisedAt         when its author last revised it, or null
 * @param blockedBy         the messages it is blocked by (empty when none)
 * @param bodyChars         null when {@code body} is the whole body; else the whole body's length in characters
 *                          (code points), of which a body-less or prefix-only read ({@code BodyRead}) loaded only
 *                          the first {@code body.codePointCount()}
 */
public record Message(
        long id,
        String from,
        String toRole,
        List<Recipient> recipients,
        String topic,
        String body,
        Long bodyRef,
        boolean actionRequired,
        Long replyTo,
        String createdAt,
        String status,
        String resolvedBy,
        String resolvedAt,
        String resolutionNote,
        String kind,
        String workStatus,
        String deletedAt,
        String pinKey,
        Long aboutMessageId,
        List<String> voters,
        String supersededAt,
        Map<String, String> addenda,
        boolean decisionRequested,
        String revisedAt,
        List<Long> blockedBy,
        Long bodyChars) {

    /** The stored {@code to_role} of a message with several recipients. */
    public static final String SEVERAL = "*";

    /**
     * @param id a message id the caller named
     * @return NOT_FOUND naming the id (a deleted message is not found, as in the original)
     */
    public static Refusal notFound(long id) {
        return Refusal.notFound("message " + id
                + " not found in this channel (it never existed or was deleted); list_messages shows the live ones");
    }

    /** @throws NullPointerException if a required component is null */
    public Message {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(toRole, "toRole");
        recipients = List.copyOf(recipients);
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(createdAt, "createdAt");
        voters = voters == null ? null : List.copyOf(voters);
        addenda = Map.copyOf(addenda);
        blockedBy = List.copyOf(blockedBy);
    }

    /**
     * @param recipients its recipients
     * @param blockedBy  the messages it is blocked by
     * @return this message with these recipients and blockers (as a store assembles a row with its child rows)
     */
    public Message with(List<Recipient> recipients, List<Long> blockedBy) {
        return new Message(
                id,
                from,
                toRole,
                recipients,
                topic,
                body,
                bodyRef,
                actionRequired,
                replyTo,
                createdAt,
                status,
                resolvedBy,
                resolvedAt,
                resolutionNote,
                kind,
                workStatus,
                deletedAt,
                pinKey,
                aboutMessageId,
                voters,
                supersededAt,
                addenda,
                decisionRequested,
                revisedAt,
                blockedBy,
                bodyChars);
    }

    /**
     * @param role a role
     * @param at   when it opened the message
     * @return this message with the role's {@code opened_at} set to {@code at} when it is a recipient that had not
     *     opened it yet (as {@code read_inbox} records delivery); else this message
     */
    public Message openedBy(String role, String at) {
        if (recipient(role).filter(r -> r.openedAt() == null).isEmpty()) {
            return this;
        }
        List<Recipient> opened = recipients.stream()
                .map(r -> r.role().equals(role) && r.openedAt() == null ? new Recipient(role, at, r.readAt()) : r)
                .toList();
        return with(opened, blockedBy);
    }

    /**
     * The one "addressed to" predicate of every tool (mark_read, read_inbox, list filters): a role is addressed when
     * it is one of the recipients, multi-recipient messages included.
     *
     * @param role a role
     * @return whether the message is addressed to it
     */
    public boolean isAddressedTo(String role) {
        return recipient(role).isPresent();
    }

    /** @return whether {@code role} wrote the message */
    public boolean isAuthor(String role) {
        return from.equals(role);
    }

    /** @return whether {@code role} is the sender or a recipient */
    public boolean isParticipant(String role) {
        return isAuthor(role) || isAddressedTo(role);
    }

    /** @return the role's recipient entry, if it is a recipient */
    public Optional<Recipient> recipient(String role) {
        return recipients.stream().filter(r -> r.role().equals(role)).findFirst();
    }

    /** @return the recipients' roles, by name */
    public List<String> recipientRoles() {
        return recipients.stream().map(Recipient::role).toList();
    }

    /** @return whether {@link #body} is the whole body, not a prefix a body-less or prefix-only read loaded */
    public boolean isBodyWhole() {
        return bodyChars == null;
    }

    /** @return whether it has more than one recipient */
    public boolean hasSeveralRecipients() {
        return recipients.size() > 1;
    }

    /** @return whether it was deleted (a tombstone) */
    public boolean isDeleted() {
        return deletedAt != null;
    }

    /** @return whether it is a proposal ({@code kind="proc"}) */
    public boolean isProposal() {
        return "proc".equals(kind);
    }

    /**
     * The wire shape of {@code blocked_by}, the one every answer uses: null when a message has no blocker, the id
     * itself when it has one (as the original sends it, so existing clients read it unchanged), and a list of ids,
     * ascending, when it has several.
     *
     * @param ids the blocker ids, ascending
     * @return null, a {@link Long}, or an unmodifiable {@code List<Long>}
     */
    public static Object blockedByOnTheWire(List<Long> ids) {
        return switch (ids.size()) {
            case 0 -> null;
            case 1 -> ids.getFirst();
            default -> List.copyOf(ids);
        };
    }
}
