package dev.switchboard.plugin.mailbox.search.application;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Message;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.message.application.port.out.MessageStore;
import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;
import dev.switchboard.plugin.mailbox.search.application.port.out.MessageSearch;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.plugin.mailbox.search.domain.ScanMatcher;
import dev.switchboard.plugin.mailbox.search.domain.SearchPath;
import dev.switchboard.plugin.mailbox.search.domain.SearchPlan;
import dev.switchboard.plugin.mailbox.search.domain.SearchQueries;
import dev.switchboard.plugin.mailbox.search.domain.Snippet;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * {@code search_messages} (§1C.2): ranked substring search over the topics and bodies of the channel's live messages,
 * through the trigram index when every term has 3+ characters and by a scan otherwise, each hit with a
 * {@code snippet} and the {@code match} path that found it. {@link #prepare} checks everything that needs no storage
 * (query, kind, status) so a refusal opens no transaction; {@link #run} searches. Thread-safe.
 */
@Singleton
public final class SearchMessages {

    /**
     * A checked search.
     *
     * @param plan    the query's plan (the index or the scan)
     * @param filters the structural filters
     */
    public record Prepared(SearchPlan.Ready plan, SearchFilters filters) {}

    /**
     * One hit.
     *
     * @param message the message, live
     * @param snippet its text around the first hit
     * @param match   {@code fts} (the index) or {@code substring} (the scan)
     */
    public record Hit(Message message, String snippet, String match) {}

    /**
     * The most messages one scan reads (a query with a term under 3 characters), newest first: a scan costs per
     * message read (about 1.4 s over 100,000 messages on a loaded host), so past this bound it stops and says so
     * ({@link Page#scanCut}) instead of reading every message of a large channel (ADR 59).
     */
    public static final int SCAN_MESSAGES = 10_000;

    /**
     * A page of hits.
     *
     * @param hits    best first (the index's rank; the scan's newest first), at most {@code limit}
     * @param more    whether more messages matched than {@code limit}
     * @param scanCut whether the scan stopped at {@link #SCAN_MESSAGES} messages read with fewer hits than asked
     *                for: older messages were not searched
     */
    public record Page(List<Hit> hits, boolean more, boolean scanCut) {
        /** Copies the list. */
        public Page {
            hits = List.copyOf(hits);
        }
    }

    private final MessageSearch search;
    private final MessageStore messages;
    private final MessageView view;
    private final Roster roster;

    @Inject
    SearchMessages(MessageSearch search, MessageStore messages, MessageView view, Roster roster) {
        this.search = search;
        this.messages = messages;
        this.view = view;
        this.roster = roster;
    }

    /**
     * {@code search_messages}: the query checked ({@link #prepare}), the role filters checked against the roster, then
     * the page of hits, in one snapshot.
     *
     * @param caller  the caller
     * @param query   the query
     * @param filters the filters as sent (null = not given)
     * @param limit   1..1000
     * @param fields  the listing's projection
     * @return {@code {result, truncated?, scan_cut?, untrusted}}, or INVALID_ARGUMENTS or UNKNOWN_ROLE
     */
    public Outcome<Map<String, Object>> search(
            Caller caller, String query, SearchFilters filters, int limit, Projection fields) {
        return prepare(query, filters)
                .then(prepared -> roster.readKnown(
                        caller,
                        Roster.named("from_role", filters.fromRole(), "to_role", filters.toRole()),
                        tx -> run(tx, prepared, limit).map(page -> listing(tx, caller, page, limit, fields))));
    }

    /**
     * @param query   the query
     * @param filters the filters as sent (null = not given)
     * @return the checked search, or INVALID_ARGUMENTS naming {@code query}, {@code kind} or {@code status}
     */
    public static Outcome<Prepared> prepare(String query, SearchFilters filters) {
        if (filters.kind() != null && !Vocabulary.KINDS.contains(filters.kind())) {
            return Outcome.refused(Refusal.invalid(
                    "kind",
                    ClientText.quoted(filters.kind()) + " is not a kind; use one of "
                            + String.join(", ", Vocabulary.KINDS)));
        }
        if (filters.status() != null && !Vocabulary.STATUSES.contains(filters.status())) {
            return Outcome.refused(Refusal.invalid(
                    "status",
                    ClientText.quoted(filters.status()) + " is not a status; use one of "
                            + String.join(", ", Vocabulary.STATUSES)));
        }
        return switch (SearchQueries.plan(query)) {
            case SearchPlan.Ready ready -> Outcome.done(new Prepared(ready, filters));
            case SearchPlan.Refused refused ->
                Refusal.invalid("query", refused.reason()).outcome();
        };
    }

    /**
     * @param tx       a read transaction on the caller's channel
     * @param prepared the checked search
     * @param limit    1..1000
     * @return the page
     */
    public Outcome<Page> run(Tx tx, Prepared prepared, int limit) {
        SearchPlan.Ready plan = prepared.plan();
        List<Long> ids;
        boolean scanCut = false;
        if (plan.path() == SearchPath.INDEX) {
            ids = search.ranked(tx, plan.root(), prepared.filters(), limit + 1);
        } else {
            MessageSearch.Scan scan =
                    search.scanned(tx, ScanMatcher.of(plan.root()), prepared.filters(), limit + 1, SCAN_MESSAGES);
            ids = scan.ids();
            scanCut = !scan.complete();
        }
        boolean more = ids.size() > limit;
        List<Long> shown = ids.subList(0, Math.min(limit, ids.size()));
        Map<Long, Integer> order = new HashMap<>();
        for (int i = 0; i < shown.size(); i++) {
            order.put(shown.get(i), i);
        }
        String match = plan.path().wireName();
        List<Hit> hits = messages.findAll(tx, shown, MessageView.LISTING_READ).stream()
                .sorted(Comparator.comparing(message -> order.get(message.id())))
                .map(message -> new Hit(message, Snippet.of(plan.root(), message.topic(), message.body()), match))
                .toList();
        return Outcome.done(new Page(hits, more, scanCut));
    }

    private Map<String, Object> listing(Tx tx, Caller caller, SearchMessages.Page page, int limit, Projection fields) {
        List<Map<String, Object>> rows = page.hits().stream()
                .map(hit -> entry(view.wire(tx, hit.message(), caller.role(), fields), hit, fields))
                .toList();
        Map<String, Object> listing = Listing.of(rows, limit, page.more(), null);
        if (page.scanCut()) {
            listing.put(SCAN_CUT, scanCut());
        }
        listing.put(Untrusted.FIELD, Untrusted.NOTE);
        return listing;
    }

    /** The answer's field when a scan stopped at its bound. */
    private static final String SCAN_CUT = "scan_cut";

    /** @return {@code {messages_read, note}}: how far back the scan read, and how to search further */
    private static Map<String, Object> scanCut() {
        Map<String, Object> cut = new LinkedHashMap<>();
        cut.put("messages_read", SearchMessages.SCAN_MESSAGES);
        cut.put(
                "note",
                "a term under 3 characters is looked for by reading messages newest first, and only the newest "
                        + SearchMessages.SCAN_MESSAGES + " the filters admit were read: older ones may match too."
                        + " Narrow with from_role, to_role, kind or status, or search terms of 3+ characters, which"
                        + " the index answers over every message");
        return cut;
    }

    /**
     * @return the message's wire entry with the hit's snippet and match, when the projection keeps them, added to the
     *     entry {@link MessageView#wire} made for this hit (a new map, after its own fields)
     */
    private static Map<String, Object> entry(Map<String, Object> wire, SearchMessages.Hit hit, Projection fields) {
        if (fields.wants("snippet")) {
            wire.put("snippet", hit.snippet());
        }
        if (fields.wants("match")) {
            wire.put("match", hit.match());
        }
        return wire;
    }
}
