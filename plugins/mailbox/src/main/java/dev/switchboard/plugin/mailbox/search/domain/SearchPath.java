package dev.switchboard.plugin.mailbox.search.domain;

/**
 * How a query is answered, and the {@code match} value every hit carries on the wire.
 */
public enum SearchPath {
    /** The trigram index (SQLite FTS5 {@code tokenize='trigram'}, PostgreSQL {@code pg_trgm}): every term has 3+ characters. */
    INDEX("fts"),
    /** A scan of the channel's messages with {@link ScanMatcher}: some term is shorter than the index can look up. */
    SCAN("substring");

    private final String wireName;

    SearchPath(String wireName) {
        this.wireName = wireName;
    }

    /** @return the {@code match} value of a hit found this way: {@code fts} or {@code substring} */
    public String wireName() {
        return wireName;
    }
}
