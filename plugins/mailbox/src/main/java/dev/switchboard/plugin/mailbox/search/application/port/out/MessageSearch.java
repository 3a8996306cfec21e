package dev.switchboard.plugin.mailbox.search.application.port.out;

import java.util.List;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode;
import dev.switchboard.plugin.mailbox.search.domain.ScanMatcher;

/**
 * Finds the live (never deleted) messages of the transaction's channel that match a query and the structural
 * filters. Thread-safe; each call runs inside the given transaction.
 */
public interface MessageSearch {

    /**
     * Through the trigram index (SQLite FTS5, PostgreSQL pg_trgm).
     *
     * @param root    the query, every term 3+ characters
     * @param filters the structural filters
     * @param limit   the most ids to return
     * @return the matching ids in {@link dev.switchboard.plugin.mailbox.search.domain.Ranking}'s order (hits with a
     *         term in the topic first; newest first within each group)
     */
    List<Long> ranked(Tx tx, QueryNode root, SearchFilters filters, int limit);

    /**
     * What a scan found.
     *
     * @param ids      the matching ids, newest first
     * @param read     how many messages it read
     * @param complete whether it read every message the filters admit, or stopped at {@code limit} hits; false when
     *                 it stopped at its bound with fewer hits (older messages were not read)
     */
    record Scan(List<Long> ids, int read, boolean complete) {
        /** Copies the list. */
        public Scan {
            ids = List.copyOf(ids);
        }
    }

    /**
     * By reading the channel's messages newest first and keeping those the matcher accepts, at most {@code bound} of
     * them.
     *
     * @param matcher the query's evaluator
     * @param filters the structural filters
     * @param limit   the most ids to return
     * @param bound   the most messages to read
     * @return the matching ids, newest first, and whether the scan stopped at its bound
     */
    Scan scanned(Tx tx, ScanMatcher matcher, SearchFilters filters, int limit, int bound);
}
