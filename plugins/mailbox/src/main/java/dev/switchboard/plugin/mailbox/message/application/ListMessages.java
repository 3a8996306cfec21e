package dev.switchboard.plugin.mailbox.message.application;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.channel.domain.Timestamps;
import dev.switchboard.plugin.mailbox.message.application.port.out.BodyRead;
import dev.switchboard.plugin.mailbox.message.application.port.out.ListFilter;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code list_messages}: live messages of the channel, newest first, filtered. {@code topic} and {@code text} are
 * literal substrings ({@code %} and {@code _} are plain characters), ASCII case-insensitive, at most 200 characters;
 * {@code since} is ISO-8601 ({@link Timestamps#parseSince}); {@code status}, {@code kind} and {@code work_status} take
 * their value sets. Thread-safe.
 */
@Singleton
public final class ListMessages {

    /**
     * The filters as sent.
     *
     * @param topic      literal topic substring, or null
     * @param text       literal topic-or-body substring, or null
     * @param fromRole   author, or null
     * @param toRole     recipient, or null
     * @param unreadOnly only messages addressed to the caller that it has not marked read
     * @param since      ISO-8601 time or date, or null
     * @param status     open or resolved, or null
     * @param kind       a kind, or null
     * @param workStatus a work status, or null
     * @param pinKey     a pin key, or null
     */
    public record Request(
            String topic,
            String text,
            String fromRole,
            String toRole,
            boolean unreadOnly,
            String since,
            String status,
            String kind,
            String workStatus,
            String pinKey) {}

    private final MessageStore messages;
    private final MessageView view;
    private final Roster roster;

    @Inject
    ListMessages(MessageStore messages, MessageView view, Roster roster) {
        this.messages = messages;
        this.view = view;
        this.roster = roster;
    }

    /**
     * {@code list_messages}: the role arguments checked against the roster, then the page, in one snapshot.
     *
     * @param caller  the caller
     * @param request the filters
     * @param limit   1..1000
     * @param fields  the listing's projection
     * @return {@code {result, truncated?, untrusted}} ({@link MessageView#untrustedListing}), or UNKNOWN_ROLE or
     *     INVALID_ARGUMENTS naming the filter and its rule
     */
    public Outcome<Map<String, Object>> listing(Caller caller, Request request, int limit, Projection fields) {
        return roster.readKnown(
                caller,
                Roster.named("from_role", request.fromRole(), "to_role", request.toRole()),
                tx -> list(tx, caller, request, limit, MessageView.bodiesFor(fields))
                        .map(page -> view.untrustedListing(tx, page, caller.role(), fields, limit)));
    }

    /**
     * @return the page, bodies whole, or INVALID_ARGUMENTS naming the filter and its rule
     */
    public Outcome<MessagePage> list(Tx tx, Caller caller, Request request, int limit) {
        return list(tx, caller, request, limit, BodyRead.WHOLE);
    }

    /**
     * @param bodies how much of each body to load ({@link MessageView#bodiesFor} of the listing's projection)
     * @return the page, or INVALID_ARGUMENTS naming the filter and its rule
     */
    public Outcome<MessagePage> list(Tx tx, Caller caller, Request request, int limit, BodyRead bodies) {
        for (String[] filter : new String[][] {{"topic", request.topic()}, {"text", request.text()}}) {
            if (filter[1] != null && filter[1].codePointCount(0, filter[1].length()) > MailboxLimits.FILTER_CHARS) {
                return Outcome.refused(
                        Refusal.invalid(filter[0], "is longer than " + MailboxLimits.FILTER_CHARS + " characters"));
            }
        }
        Optional<Refusal> value = oneOf("status", request.status(), Vocabulary.STATUSES)
                .or(() -> oneOf("kind", request.kind(), Vocabulary.KINDS))
                .or(() -> oneOf("work_status", request.workStatus(), Vocabulary.WORK_STATUSES));
        if (value.isPresent()) {
            return value.get().outcome();
        }
        String since = null;
        if (request.since() != null) {
            var parsed = Timestamps.parseSince(request.since());
            if (parsed.isEmpty()) {
                return Outcome.refused(Refusal.invalid(
                        "since",
                        ClientText.quoted(request.since())
                                + " is not an ISO-8601 time; use 2026-08-09, 2026-08-09T14:30:00Z,"
                                + " 2026-08-09 14:30:00+02:00 (no offset means UTC)"));
            }
            since = Timestamps.format(parsed.get());
        }
        ListFilter filter = new ListFilter(
                request.topic(),
                request.text(),
                request.fromRole(),
                request.toRole(),
                request.unreadOnly() ? caller.role() : null,
                since,
                request.status(),
                request.kind(),
                request.workStatus(),
                request.pinKey());
        List<Message> found = messages.list(tx, filter, limit + 1, bodies);
        return Outcome.done(new MessagePage(found.stream().limit(limit).toList(), found.size() > limit));
    }

    private static Optional<Refusal> oneOf(String field, String value, List<String> allowed) {
        return value == null || allowed.contains(value)
                ? Optional.empty()
                : Optional.of(Refusal.invalid(
                        field, ClientText.quoted(value) + " is not one of " + String.join(", ", allowed)));
    }
}
