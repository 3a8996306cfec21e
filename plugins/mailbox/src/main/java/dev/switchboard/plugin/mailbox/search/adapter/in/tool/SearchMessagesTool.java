package dev.switchboard.plugin.mailbox.search.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.plugin.mailbox.message.application.Roster;
import dev.switchboard.plugin.mailbox.search.application.SearchMessages;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code search_messages}: ranked substring search over the channel's live messages, with a snippet per hit. */
public final class SearchMessagesTool extends MailboxTool {

    static final String NAME = "search_messages";

    private static final int DEFAULT_LIMIT = 50;

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "query": {"type": "string",
                  "description": "What to find, at most %d characters and %d terms. Words side by side must all occur; \\"a phrase\\" occurs as written; OR, binary NOT (a NOT b) and parentheses combine; word* is a prefix; topic:word or body:word looks in one field. Every term is a case-insensitive substring. A query that does not parse is searched as its literal words."},
                "from_role": {"type": ["string", "null"], "description": "Only messages from this role."},
                "to_role": {"type": ["string", "null"], "description": "Only messages addressed to this role (multi-recipient messages included)."},
                "kind": {"type": ["string", "null"], "description": "Only this kind: bug, feat, proc, status, question or answer."},
                "status": {"type": ["string", "null"], "description": "Only debts in this status: open or resolved."},
                "limit": {%s, "default": %d, "description": "How many hits, %d to %d (default %d)."},
                %s
              },
              "required": ["query"],
              "additionalProperties": false
            }""".formatted(
                    MailboxLimits.QUERY_CHARS,
                    MailboxLimits.QUERY_TERMS,
                    Listing.LIMIT_SCHEMA,
                    DEFAULT_LIMIT,
                    MailboxLimits.LIMIT_MIN,
                    MailboxLimits.LIMIT_MAX,
                    DEFAULT_LIMIT,
                    Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Search the channel's messages")
            .description("Finds live messages whose topic or body contains the query's terms (case-insensitive"
                    + " substrings in any script, so a word stem finds its inflections), best first, as {result:"
                    + " [...]} with truncated when more matched. Each hit has a snippet (hits marked [like this]) and"
                    + " match: fts when every term has 3+ characters and the trigram index answered, substring when a"
                    + " shorter term made the server scan (the scan refuses NEAR, a field filter on a group and"
                    + " { } + - , ^ outside quotes). The scan reads at most the newest "
                    + SearchMessages.SCAN_MESSAGES + " messages the filters admit; when it stops there with fewer"
                    + " hits than limit, scan_cut: {messages_read, note} says so. Deleted messages are never"
                    + " returned. Refused: a query over "
                    + MailboxLimits.QUERY_CHARS + " characters, over " + MailboxLimits.QUERY_TERMS
                    + " terms or nested over " + MailboxLimits.QUERY_DEPTH
                    + " deep, NEAR(...), an unknown kind or status; a from_role or to_role that names no role of the channel is"
                    + " UNKNOWN_ROLE, naming its roles."
                    + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final Transactions transactions;
    private final SearchMessages searchMessages;
    private final MessageView view;
    private final Roster roster;

    @Inject
    SearchMessagesTool(
            CallerResolver callers,
            Transactions transactions,
            SearchMessages searchMessages,
            MessageView view,
            Roster roster) {
        super(DESCRIPTOR, callers);
        this.transactions = transactions;
        this.searchMessages = searchMessages;
        this.view = view;
        this.roster = roster;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        String query = args.text("query");
        SearchFilters filters = new SearchFilters(
                args.optionalText("from_role").orElse(null),
                args.optionalText("to_role").orElse(null),
                args.optionalText("kind").orElse(null),
                args.optionalText("status").orElse(null));
        return Listing.limit(args, DEFAULT_LIMIT)
                .then(limit -> Projection.parse(call.arguments().get(Projection.ARGUMENT))
                        .then(fields -> SearchMessages.prepare(query, filters)
                                .then(prepared -> transactions.read(
                                        caller.channelId(),
                                        tx -> roster.requireKnown(
                                                tx,
                                                caller.role(),
                                                Roster.named(
                                                        "from_role", filters.fromRole(), "to_role", filters.toRole()),
                                                () -> searchMessages
                                                        .run(tx, prepared, limit)
                                                        .then(page -> Outcome.done(
                                                                listing(tx, caller, page, limit, fields))))))));
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
    static final String SCAN_CUT = "scan_cut";

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

    /** Room for a message's wire fields, the snippet and the match without growing the entry. */
    private static final int ENTRY_CAPACITY = 64;

    /** @return the message's wire entry with the hit's snippet and match, when the projection keeps them */
    private static Map<String, Object> entry(Map<String, Object> wire, SearchMessages.Hit hit, Projection fields) {
        Map<String, Object> entry = new LinkedHashMap<>(ENTRY_CAPACITY);
        entry.putAll(wire);
        if (fields.wants("snippet")) {
            entry.put("snippet", hit.snippet());
        }
        if (fields.wants("match")) {
            entry.put("match", hit.match());
        }
        return entry;
    }
}
