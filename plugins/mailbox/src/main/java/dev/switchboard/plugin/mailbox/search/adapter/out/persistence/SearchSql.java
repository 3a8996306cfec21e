package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.jooq.impl.DSL.condition;
import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.selectOne;
import static org.jooq.impl.DSL.val;
import static org.jooq.impl.DSL.when;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jooq.Condition;
import org.jooq.Cursor;
import org.jooq.DSLContext;
import org.jooq.Record1;
import org.jooq.Record3;
import org.jooq.SQLDialect;
import org.jooq.SelectConditionStep;
import org.jooq.SortField;

import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Fts;
import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Messages;
import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Recipients;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.plugin.mailbox.search.domain.QueryNode;
import dev.switchboard.plugin.mailbox.search.domain.Ranking;
import dev.switchboard.plugin.mailbox.search.domain.ScanMatcher;

/**
 * The two ways search reads a channel's live messages, on a transaction's jOOQ context: through the trigram index
 * (in {@link Ranking}'s order), or by a scan that hands every candidate's topic and body to the {@link ScanMatcher} (newest first). Both
 * apply the structural filters in SQL and never return a deleted message. Stateless.
 */
final class SearchSql {

    /** Rows the scan fetches per round trip. */
    private static final int SCAN_FETCH_SIZE = 512;

    private SearchSql() {}

    /**
     * @param sql       the transaction's context
     * @param channelId the channel
     * @param root      the query, every term 3+ characters
     * @param filters   the structural filters
     * @param limit     the most ids to return
     * @return matching message ids in {@link Ranking}'s order: hits with a term in the topic first, newest first
     *         within each group
     */
    static List<Long> ranked(DSLContext sql, long channelId, QueryNode root, SearchFilters filters, int limit) {
        Condition live = live(channelId, filters);
        Optional<QueryNode> topicHit = Ranking.topicHit(root);
        if (sql.dialect() != SQLDialect.SQLITE) {
            List<SortField<?>> order = new ArrayList<>();
            // A constant is never an ORDER BY item: SQL would read an integer there as a column's position.
            topicHit.ifPresent(topic -> order.add(when(TrigramCondition.of(topic), inline(0))
                    .otherwise(inline(1))
                    .asc()));
            order.add(Messages.ID.desc());
            return sql.select(Messages.ID)
                    .from(Messages.TABLE)
                    .where(live)
                    .and(TrigramCondition.of(root))
                    .orderBy(order)
                    .limit(limit)
                    .fetch(Messages.ID);
        }
        if (topicHit.isEmpty()) {
            return newestFirst(sql, root, live, limit);
        }
        // The first group whole (a topic is short, so few messages hold a term in it), oldest first: FTS5 walks a
        // column-filtered phrase backwards slowly. Then the query's newest hits, once the first group's are taken.
        QueryNode firstGroup = Ranking.firstGroup(root, topicHit.get());
        List<Long> first = matching(sql, firstGroup, live).reversed();
        if (first.size() >= limit || firstGroup.equals(root)) {
            return List.copyOf(first.subList(0, Math.min(limit, first.size())));
        }
        Set<Long> inFirst = new HashSet<>(first);
        List<Long> ids = new ArrayList<>(first);
        for (Long id : newestFirst(sql, root, live, limit)) {
            if (ids.size() == limit) {
                break;
            }
            if (!inFirst.contains(id)) {
                ids.add(id);
            }
        }
        return ids;
    }

    /**
     * @return the ids of the newest {@code limit} live messages matching {@code query} on SQLite's FTS5 index,
     *         newest first: in descending row id ({@code seq}) order, which FTS5 walks without sorting, so the query
     *         stops at the limit. Within a channel, {@code seq} grows with the message id: an id is allocated in the
     *         transaction that inserts the row, a channel's writers run one after another, and rows are never
     *         renumbered. (Ordering by the id instead makes SQLite walk the channel's id index and probe the FTS5
     *         index for every message.)
     */
    private static List<Long> newestFirst(DSLContext sql, QueryNode query, Condition live, int limit) {
        return select(sql, query, live).orderBy(Fts.ROWID.desc()).limit(limit).fetch(Messages.ID);
    }

    /** @return the ids of every live message matching {@code query} on SQLite's FTS5 index, oldest first */
    private static List<Long> matching(DSLContext sql, QueryNode query, Condition live) {
        return select(sql, query, live).orderBy(Fts.ROWID.asc()).fetch(Messages.ID);
    }

    private static SelectConditionStep<Record1<Long>> select(DSLContext sql, QueryNode query, Condition live) {
        return sql.select(Messages.ID)
                .from(Fts.TABLE)
                .join(Messages.TABLE)
                .on(Messages.SEQ.eq(Fts.ROWID))
                .where(condition("{0} MATCH {1}", Fts.TABLE, val(Fts5Expression.of(query))))
                .and(live);
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
