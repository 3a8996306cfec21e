package dev.switchboard.plugin.mailbox.search.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
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

    private final SearchMessages searchMessages;

    @Inject
    SearchMessagesTool(CallerResolver callers, SearchMessages searchMessages) {
        super(DESCRIPTOR, callers);
        this.searchMessages = searchMessages;
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
                        .then(fields -> searchMessages.search(caller, query, filters, limit, fields)));
    }
}
