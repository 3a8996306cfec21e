package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import java.util.List;

import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;
import dev.switchboard.plugin.mailbox.search.application.port.out.MessageSearch;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode;
import dev.switchboard.plugin.mailbox.search.domain.ScanMatcher;

/** {@link MessageSearch} on the transaction's jOOQ context ({@link SearchSql}). Stateless and thread-safe. */
@Singleton
public final class JooqMessageSearch implements MessageSearch {

    @Override
    public List<Long> ranked(Tx tx, QueryNode root, SearchFilters filters, int limit) {
        return SearchSql.ranked(JooqTx.of(tx).sql(), tx.channelId(), root, filters, limit);
    }

    @Override
    public Scan scanned(Tx tx, ScanMatcher matcher, SearchFilters filters, int limit, int bound) {
        return SearchSql.scanned(JooqTx.of(tx).sql(), tx.channelId(), matcher, filters, limit, bound);
    }
}
