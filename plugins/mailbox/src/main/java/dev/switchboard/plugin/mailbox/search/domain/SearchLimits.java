package dev.switchboard.plugin.mailbox.search.domain;

/**
 * The limits of a search query (seed-features §2.5, "search query": 4096 chars, 256 terms, depth 256; FTS minimum
 * term 3), as the original enforces them.
 */
// TODO(merge): replace with core's MailboxLimits once it names the search limits
public final class SearchLimits {

    /** Longest query, in Unicode code points (the original counts Python characters). */
    public static final int MAX_QUERY_CHARS = 4096;

    /** Most terms (words and phrases, operators not counted) in one query. */
    public static final int MAX_TERMS = 256;

    /** Deepest nesting of parentheses (outside quotes). */
    public static final int MAX_DEPTH = 256;

    /** Shortest term, in code points, that the trigram index can look up; a shorter one sends the query to the scan. */
    public static final int MIN_INDEX_TERM = 3;

    private SearchLimits() {}
}
