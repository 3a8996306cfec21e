package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.jooq.impl.DSL.condition;
import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.selectOne;
import static org.jooq.impl.DSL.val;

import java.util.ArrayList;
import java.util.List;

import org.jooq.Condition;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record3;
import org.jooq.SQLDialect;
import org.jooq.impl.SQLDataType;

import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Fts;
import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Messages;
import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Recipients;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode;
import dev.switchboard.plugin.mailbox.search.domain.ScanMatcher;

/**
 * The two ways search reads a channel's live messages, on a transaction's jOOQ context: through the trigram index
 * (ranked), or by a scan that hands every candidate's topic and body to the {@link ScanMatcher} (newest first). Both
 * apply the structural filters in SQL and never return a deleted message. Stateless.
 */
final class SearchSql {

    /** FTS5's bm25 with the topic weighted 10 to the body's 1; lower is better. */
    private static final Field<Double> BM25 = field("bm25({0}, 10.0, 1.0)", SQLDataType.DOUBLE, Fts.TABLE);

    /** Rows the scan fetches per round trip. */
    private static final int SCAN_FETCH_SIZE = 512;

    private SearchSql() {}

    /**
     * @param sql       the transaction's context
     * @param channelId the channel
     * @param root      the query, every term 3+ characters
     * @param filters   the structural filters
     * @param limit     the most ids to return
     * @return matching message ids, best first (ties: newest first)
     */
    static List<Long> ranked(DSLContext sql, long channelId, QueryNode root, SearchFilters filters, int limit) {
        Condition live = live(channelId, filters);
        if (sql.dialect() == SQLDialect.SQLITE) {
            return sql.select(Messages.ID)
                    .from(Fts.TABLE)
                    .join(Messages.TABLE)
                    .on(Messages.SEQ.eq(Fts.ROWID))
                    .where(condition("{0} MATCH {1}", Fts.TABLE, val(Fts5Expression.of(root))))
                    .and(live)
                    .orderBy(BM25.asc(), Messages.ID.desc())
                    .limit(limit)
                    .fetch(Messages.ID);
        }
        Field<Integer> rank = TrigramCondition.rank(root);
        return sql.select(Messages.ID)
                .from(Messages.TABLE)
                .where(live)
                .and(TrigramCondition.of(root))
                .orderBy(rank.desc(), Messages.ID.desc())
                .limit(limit)
                .fetch(Messages.ID);
    }

    /**
     * @param sql       the transaction's context
     * @param channelId the channel
     * @param matcher   the query's evaluator
     * @param filters   the structural filters
     * @param limit     the most ids to return
     * @return matching message ids, newest first
     */
    static List<Long> scanned(DSLContext sql, long channelId, ScanMatcher matcher, SearchFilters filters, int limit) {
        List<Long> ids = new ArrayList<>();
        try (Cursor<Record3<Long, String, String>> rows = sql.select(Messages.ID, Messages.TOPIC, Messages.BODY)
                .from(Messages.TABLE)
                .where(live(channelId, filters))
                .orderBy(Messages.ID.desc())
                .fetchSize(SCAN_FETCH_SIZE)
                .fetchLazy()) {
            while (ids.size() < limit && rows.hasNext()) {
                Record3<Long, String, String> row = rows.fetchNext();
                if (matcher.matches(row.value2(), row.value3())) {
                    ids.add(row.value1());
                }
            }
        }
        return ids;
    }

    private static Condition live(long channelId, SearchFilters filters) {
        Condition condition = Messages.CHANNEL.eq(channelId).and(Messages.DELETED_AT.isNull());
        if (filters.fromRole() != null) {
            condition = condition.and(Messages.FROM.eq(filters.fromRole()));
        }
        if (filters.toRole() != null) {
            condition = condition.and(exists(selectOne()
                    .from(Recipients.TABLE)
                    .where(Recipients.CHANNEL.eq(Messages.CHANNEL))
                    .and(Recipients.MESSAGE.eq(Messages.ID))
                    .and(Recipients.TO.eq(filters.toRole()))));
        }
        if (filters.kind() != null) {
            condition = condition.and(Messages.KIND.eq(filters.kind()));
        }
        if (filters.status() != null) {
            condition = condition.and(Messages.STATUS.eq(filters.status()));
        }
        return condition;
    }
}
