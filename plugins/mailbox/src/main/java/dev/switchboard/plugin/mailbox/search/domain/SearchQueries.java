package dev.switchboard.plugin.mailbox.search.domain;

import java.util.Arrays;
import java.util.List;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.search.domain.QueryLexer.Lexed;
import dev.switchboard.plugin.mailbox.search.domain.QueryParser.Parsed;

/**
 * Turns a {@code search_messages} query into a {@link SearchPlan}, by the rules of seed-features §1C.2. Stateless.
 *
 * <ol>
 *   <li>Refused: an empty query; over {@value MailboxLimits#QUERY_CHARS} code points; over
 *       {@value MailboxLimits#QUERY_TERMS} terms (words and phrases); parentheses nested over
 *       {@value MailboxLimits#QUERY_DEPTH} deep; {@code NEAR(...)} (neither backend's index does it here).</li>
 *   <li>A query of the grammar goes to the index when every term has {@value MailboxLimits#TRIGRAM_TERM_CHARS}+ code
 *       points and its operators nest at most {@value #MAX_INDEX_NESTING} deep, otherwise to the scan; a term under
 *       3 code points and a column filter on a group together are refused.</li>
 *   <li>A query outside the grammar (an unbalanced parenthesis or quote, a dangling operator, the FTS5-only
 *       characters {@code { } + - , ^} outside quotes) is retried as its literal pieces: split at whitespace, double
 *       quotes dropped, each piece a literal substring, all required. With a piece under 3 code points that retry
 *       goes to the scan, which refuses the FTS5-only characters (they are index syntax it cannot do).</li>
 * </ol>
 */
public final class SearchQueries {

    private static final String NOTHING_SEARCHED = " Nothing was searched: ";

    /**
     * The deepest nesting of operators the index path takes ({@link QueryNode#depth()}); a deeper query (allowed up to
     * {@value MailboxLimits#QUERY_DEPTH} parentheses) is answered by the scan, with the same meaning. SQLite's FTS5
     * query parser overflows its stack on expressions nested a little over a hundred deep, and both backends must
     * take the same path for the same query.
     */
    public static final int MAX_INDEX_NESTING = 32;

    private SearchQueries() {}

    /**
     * @param query the query as the client sent it
     * @return how to answer it, or why it is refused
     */
    public static SearchPlan plan(String query) {
        if (query == null || query.isBlank()) {
            return new SearchPlan.Refused(
                    "is empty." + NOTHING_SEARCHED + "give at least one word or \"phrase\" to look for");
        }
        int length = query.codePointCount(0, query.length());
        if (length > MailboxLimits.QUERY_CHARS) {
            return new SearchPlan.Refused("is " + length + " characters long; the limit is "
                    + MailboxLimits.QUERY_CHARS + "." + NOTHING_SEARCHED
                    + "shorten it, or split it into several searches");
        }
        Lexed lexed = QueryLexer.lex(query);
        if (lexed.terms() > MailboxLimits.QUERY_TERMS) {
            return new SearchPlan.Refused("has " + lexed.terms() + " terms; the limit is " + MailboxLimits.QUERY_TERMS
                    + "." + NOTHING_SEARCHED + "drop terms, or search in several steps");
        }
        if (lexed.depth() > MailboxLimits.QUERY_DEPTH) {
            return new SearchPlan.Refused("nests parentheses " + lexed.depth() + " deep; the limit is "
                    + MailboxLimits.QUERY_DEPTH + "." + NOTHING_SEARCHED + "flatten the groups");
        }
        if (lexed.near()) {
            return new SearchPlan.Refused("uses NEAR(...), which this server's search does not support."
                    + NOTHING_SEARCHED + "write the terms side by side (every one must occur) or as one \"phrase\"");
        }
        if (lexed.inGrammar()) {
            var parsed = QueryParser.parse(lexed.tokens());
            if (parsed.isPresent()) {
                return ofGrammar(parsed.get());
            }
        }
        return literally(query, lexed.indexOnly());
    }

    private static SearchPlan ofGrammar(Parsed parsed) {
        boolean shortTerm = hasShortTerm(parsed.root().terms());
        if (!shortTerm && parsed.root().depth() <= MAX_INDEX_NESTING) {
            return new SearchPlan.Ready(parsed.root(), SearchPath.INDEX, false);
        }
        if (shortTerm && parsed.columnOnGroup()) {
            return new SearchPlan.Refused("puts a column filter on a group (topic:(...) or body:(...)) and has"
                    + " a term under " + MailboxLimits.TRIGRAM_TERM_CHARS
                    + " characters, which only the scan looks for,"
                    + " and the scan cannot filter a group by column." + NOTHING_SEARCHED
                    + "put the filter on each term (topic:ab OR topic:cd), or make every term "
                    + MailboxLimits.TRIGRAM_TERM_CHARS + "+ characters long");
        }
        return new SearchPlan.Ready(parsed.root(), SearchPath.SCAN, false);
    }

    private static SearchPlan literally(String query, String indexOnly) {
        List<QueryNode> pieces = Arrays.stream(query.strip().split("\\s+"))
                .map(piece -> piece.replace("\"", ""))
                .filter(piece -> !piece.isEmpty())
                .<QueryNode>map(piece -> new QueryNode.Term(piece, Column.ANY, false))
                .toList();
        if (pieces.isEmpty()) {
            return new SearchPlan.Refused("has no text to look for, only quotes." + NOTHING_SEARCHED
                    + "give at least one word or \"phrase\"");
        }
        QueryNode root = QueryNode.all(pieces);
        if (!hasShortTerm(root.terms())) {
            return new SearchPlan.Ready(root, SearchPath.INDEX, true);
        }
        if (indexOnly != null) {
            return new SearchPlan.Refused("has " + ClientText.quoted(indexOnly) + " outside quotes and a term under "
                    + MailboxLimits.TRIGRAM_TERM_CHARS + " characters: such a term is looked for by the scan, and '"
                    + indexOnly + "' is index syntax the scan cannot do." + NOTHING_SEARCHED
                    + "put the text in quotes (\"ab-cd\"), or make every term " + MailboxLimits.TRIGRAM_TERM_CHARS
                    + "+ characters long");
        }
        return new SearchPlan.Ready(root, SearchPath.SCAN, true);
    }

    private static boolean hasShortTerm(List<QueryNode.Term> terms) {
        return terms.stream().anyMatch(term -> term.length() < MailboxLimits.TRIGRAM_TERM_CHARS);
    }
}
