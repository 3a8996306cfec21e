package dev.switchboard.plugin.mailbox.message.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.Recipient;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;

/**
 * A message as a caller sees it on the wire (§1C.3 "Message wire fields"), used by every tool that returns messages:
 *
 * <ul>
 *   <li>{@code from}; {@code to} as a string for one recipient, a list for several;</li>
 *   <li>{@code read_at}/{@code opened_at}: the caller's own when it is a recipient, the one recipient's for its
 *       author, else null;</li>
 *   <li>{@code addenda} only for the author; {@code addendum}: the caller's own, only for a recipient that has
 *       one;</li>
 *   <li>{@code delivery} for the author: per recipient, {@code {role, opened_at, read_at}} (Switchboard's addition,
 *       beyond #5);</li>
 *   <li>{@code blocked_by}: the one blocker's id, a list when there are several, null when none;</li>
 *   <li>{@code acks} on proposals ({@link ProposalTally});</li>
 *   <li>{@code body_sha256}, {@code body_length_bytes}, {@code body_length_chars} of the raw UTF-8 body (the same for
 *       every recipient: addenda are not part of the body).</li>
 * </ul>
 *
 * Computed fields of other capabilities (obligation, age_days, idle_days, snippet, match) are added by them. A
 * listing reads each body cut at {@link MailboxLimits#LISTING_BODY_CHARS} ({@link #bodiesFor}): a longer body is
 * shown cut, with {@code body_cut: {shown_chars, length_chars, read_whole}}, and its digests are still the whole
 * body's, read in parts ({@link MessageStore#bodyDigest}). Thread-safe.
 */
@Singleton
public final class MessageView {

    private final ProposalTally tally;
    private final MessageStore messages;

    @Inject
    MessageView(ProposalTally tally, MessageStore messages) {
        this.tally = tally;
        this.messages = messages;
    }

    /** How a listing reads bodies that it shows: cut by the database at the listing's most characters. */
    public static final BodyRead LISTING_READ = BodyRead.prefix(MailboxLimits.LISTING_BODY_CHARS);

    /** Room for every field of an entry without growing the map ({@link Projection#FIELDS}, and body_cut). */
    private static final int WIRE_CAPACITY = 64;

    /** The fields that need the whole body: the body and its digests. */
    private static final List<String> WHOLE_BODY_FIELDS =
            List.of("body", "body_sha256", "body_length_bytes", "body_length_chars");

    /**
     * @param fields a listing's projection
     * @return {@link #LISTING_READ} when it shows the body or a digest of it, else {@link BodyRead#NONE}: the
     *     messages of a listing that drops them are read without their bodies
     */
    public static BodyRead bodiesFor(Projection fields) {
        return WHOLE_BODY_FIELDS.stream().anyMatch(fields::wants) ? LISTING_READ : BodyRead.NONE;
    }

    /**
     * @param tx      the open transaction (the tally reads acks)
     * @param message the message
     * @param caller  the role it is shown to
     * @param fields  the projection; fields it drops are not computed
     * @return the entry, projected: a new mutable map, which a capability may add its computed fields to
     * @throws IllegalStateException if the message was read without any body and {@code fields} wants the body or a
     *                               digest (a defect of the caller: {@link #bodiesFor} picks the read)
     */
    public Map<String, Object> wire(Tx tx, Message message, String caller, Projection fields) {
        long shownChars = message.body().codePointCount(0, message.body().length());
        boolean whole = message.isBodyWhole() || message.bodyChars() == shownChars;
        boolean cut = !whole && shownChars > 0;
        if (!whole && !cut && bodiesFor(fields) != BodyRead.NONE) {
            throw new IllegalStateException("message " + message.id()
                    + " was read without its whole body (none of it), but the projection shows the body or its digest");
        }
        Map<String, Object> wire = new LinkedHashMap<>(WIRE_CAPACITY);
        wire.put("id", message.id());
        wire.put("from", message.from());
        wire.put("to", message.hasSeveralRecipients() ? message.recipientRoles() : message.toRole());
        wire.put("topic", message.topic());
        if (whole || cut) {
            wire.put("body", message.body());
        }
        wire.put("created_at", message.createdAt());
        Optional<Recipient> seen = message.recipient(caller)
                .or(() -> message.isAuthor(caller) && !message.hasSeveralRecipients()
                        ? message.recipients().stream().findFirst()
                        : Optional.empty());
        wire.put("read_at", seen.map(Recipient::readAt).orElse(null));
        wire.put("opened_at", seen.map(Recipient::openedAt).orElse(null));
        wire.put("action_required", message.actionRequired());
        wire.put("reply_to", message.replyTo());
        wire.put("status", message.status());
        wire.put("resolved_by", message.resolvedBy());
        wire.put("resolved_at", message.resolvedAt());
        wire.put("resolution_note", message.resolutionNote());
        wire.put("kind", message.kind());
        wire.put("work_status", message.workStatus());
        wire.put("blocked_by", Message.blockedByOnTheWire(message.blockedBy()));
        wire.put("deleted_at", message.deletedAt());
        wire.put("pin_key", message.pinKey());
        wire.put("about_message_id", message.aboutMessageId());
        wire.put("superseded_at", message.supersededAt());
        wire.put("decision_requested", message.decisionRequested());
        wire.put("revised_at", message.revisedAt());
        if (message.isAuthor(caller)) {
            wire.put("addenda", message.addenda().isEmpty() ? null : message.addenda());
            wire.put(
                    "delivery",
                    message.recipients().stream().map(MessageView::delivery).toList());
        }
        String addendum = message.addenda().get(caller);
        if (addendum != null && message.isAddressedTo(caller)) {
            wire.put("addendum", addendum);
        }
        wire.put("voters", message.voters());
        if (message.isProposal() && fields.wants("acks")) {
            wire.put("acks", tally.acks(tx, message, caller));
        }
        if (whole || cut) {
            Digest digest = whole ? Digest.of(message.body()) : digestOf(tx, message, fields);
            wire.put("body_sha256", digest.sha256());
            wire.put("body_length_bytes", digest.bytes());
            wire.put("body_length_chars", whole ? digest.chars() : message.bodyChars());
        }
        Map<String, Object> projected = fields.apply(wire);
        if (cut && projected.containsKey("body")) {
            Map<String, Object> bodyCut = new LinkedHashMap<>();
            bodyCut.put("shown_chars", shownChars);
            bodyCut.put("length_chars", message.bodyChars());
            bodyCut.put(
                    "read_whole",
                    "the body is cut at " + MailboxLimits.LISTING_BODY_CHARS + " characters in listings and"
                            + " threads; get_thread (message_id=" + message.id() + ") shows it whole");
            projected = new LinkedHashMap<>(projected);
            projected.put("body_cut", bodyCut);
        }
        return projected;
    }

    /** @return the whole body's digest of a message read cut, or a placeholder when the projection shows none */
    private Digest digestOf(Tx tx, Message message, Projection fields) {
        boolean wanted = fields.wants("body_sha256") || fields.wants("body_length_bytes");
        return wanted ? messages.bodyDigest(tx, message.id()) : new Digest("", 0, message.bodyChars());
    }

    /**
     * A page of messages as the caller's listing ({@code list_messages}; {@code read_inbox} fits its entries itself,
     * {@link ReadInbox}): each message's wire view, {@code truncated} when more matched, and the provenance note,
     * since the bodies are peers' text.
     *
     * @param tx     the transaction the messages were read in
     * @param page   the page
     * @param role   the caller's role
     * @param fields the projection
     * @param limit  the limit asked for
     * @return {@code {result, truncated?, untrusted}}
     */
    public Map<String, Object> untrustedListing(Tx tx, MessagePage page, String role, Projection fields, int limit) {
        Map<String, Object> listing = Listing.of(
                page.messages().stream().map(message -> wire(tx, message, role, fields)),
                limit,
                page.more(),
                page.cut(),
                null);
        listing.put(Untrusted.FIELD, Untrusted.NOTE);
        return listing;
    }

    private static Map<String, Object> delivery(Recipient recipient) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("role", recipient.role());
        entry.put("opened_at", recipient.openedAt());
        entry.put("read_at", recipient.readAt());
        return entry;
    }
}
