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
     * By reading the channel's messages newest first and keeping those the matcher accepts.
     *
     * @param matcher the query's evaluator
     * @param filters the structural filters
     * @param limit   the most ids to return
     * @return the matching ids, newest first
     */
    List<Long> scanned(Tx tx, ScanMatcher matcher, SearchFilters filters, int limit);
}
