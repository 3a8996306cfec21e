package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;

import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.selectOne;
import static org.jooq.impl.DSL.when;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Query;
import org.jooq.SQLDialect;
import org.jooq.SortField;
import org.jooq.exception.DataAccessException;

import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Messages;
import dev.switchboard.plugin.mailbox.search.adapter.out.persistence.SearchTables.Recipients;
import dev.switchboard.plugin.mailbox.search.application.port.out.MessageSearch;
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
                    .where(live(channelId, filters))
                    .and(TrigramCondition.of(root))
                    .orderBy(order)
                    .limit(limit)
                    .fetch(Messages.ID);
        }
        if (topicHit.isEmpty()) {
            return newestFirst(sql, channelId, root, filters, limit);
        }
        // The first group whole (a topic is short, so few messages hold a term in it), oldest first: FTS5 walks a
        // column-filtered phrase backwards slowly. From the topics' own index when the group is the topic terms alone
        // (a one-term query, terms joined by OR): the whole index's postings of a term are mostly the bodies'. Then the
        // query's newest hits, once the first group's are taken.
        QueryNode firstGroup = Ranking.firstGroup(root, topicHit.get());
        List<Long> first = (firstGroup.equals(topicHit.get())
                        ? fts(sql, TOPIC_INDEX, channelId, firstGroup, filters, "ASC", null)
                        : matching(sql, channelId, firstGroup, filters))
                .reversed();
        if (first.size() >= limit || firstGroup.equals(root)) {
            return List.copyOf(first.subList(0, Math.min(limit, first.size())));
        }
        Set<Long> inFirst = new HashSet<>(first);
        List<Long> ids = new ArrayList<>(first);
        for (Long id : newestFirst(sql, channelId, root, filters, limit)) {
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
    private static List<Long> newestFirst(
            DSLContext sql, long channelId, QueryNode query, SearchFilters filters, int limit) {
        return fts(sql, INDEX, channelId, query, filters, "DESC", limit);
    }

    /** @return the ids of every live message matching {@code query} on SQLite's FTS5 index, oldest first */
    private static List<Long> matching(DSLContext sql, long channelId, QueryNode query, SearchFilters filters) {
        return fts(sql, INDEX, channelId, query, filters, "ASC", null);
    }

    /** SQLite's FTS5 index over topics and bodies. */
    private static final String INDEX = "mailbox_message_fts";

    /**
     * SQLite's FTS5 index over the topics alone (schema version 8, ADR 78), whose one column is also named
     * {@code topic}, so a query of {@code topic :} terms means there what it means in {@link #INDEX}: the first
     * group of a query it implies is read from it, without the bodies' postings.
     */
    private static final String TOPIC_INDEX = "mailbox_message_topic_fts";

    /** @return the start of an FTS5 query on {@code index} for the ids of a channel's live messages */
    private static String ftsSelect(String index) {
        return "SELECT mailbox_message.id FROM " + index + " JOIN mailbox_message ON mailbox_message.seq = " + index
                + ".rowid WHERE " + index + " MATCH ? AND mailbox_message.channel_id = ?"
                + " AND mailbox_message.deleted_at IS NULL";
    }

    /**
     * The FTS5 query as plain SQL over the transaction's connection: the index answers in a fraction of a millisecond,
     * so building and rendering a jOOQ query per call cost more than the search itself.
     *
     * @param index     {@link #INDEX} or {@link #TOPIC_INDEX}
     * @param direction {@code ASC} or {@code DESC}, on the index's row id
     * @param limit     the most ids, or null for all
     */
    private static List<Long> fts(
            DSLContext sql,
            String index,
            long channelId,
            QueryNode query,
            SearchFilters filters,
            String direction,
            Integer limit) {
        StringBuilder text = new StringBuilder(ftsSelect(index));
        List<Object> values = new ArrayList<>();
        values.add(Fts5Expression.of(query));
        values.add(channelId);
        if (filters.fromRole() != null) {
            text.append(" AND mailbox_message.from_role = ?");
            values.add(filters.fromRole());
        }
        if (filters.toRole() != null) {
            text.append(" AND EXISTS (SELECT 1 FROM mailbox_recipient WHERE mailbox_recipient.channel_id ="
                    + " mailbox_message.channel_id AND mailbox_recipient.message_id = mailbox_message.id"
                    + " AND mailbox_recipient.to_role = ?)");
            values.add(filters.toRole());
        }
        if (filters.kind() != null) {
            text.append(" AND mailbox_message.kind = ?");
            values.add(filters.kind());
        }
        if (filters.status() != null) {
            text.append(" AND mailbox_message.status = ?");
            values.add(filters.status());
        }
        text.append(" ORDER BY ").append(index).append(".rowid ").append(direction);
        if (limit != null) {
            text.append(" LIMIT ?");
            values.add(limit);
        }
        return sql.connectionResult(connection -> {
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement select = connection.prepareStatement(text.toString())) {
                for (int i = 0; i < values.size(); i++) {
                    select.setObject(i + 1, values.get(i));
                }
                try (ResultSet rows = select.executeQuery()) {
                    while (rows.next()) {
                        ids.add(rows.getLong(1));
                    }
                }
            } catch (SQLException e) {
                throw new DataAccessException("searching messages failed: " + e.getMessage(), e);
            }
            return ids;
        });
    }

    /**
     * @param sql        the transaction's context: jOOQ writes the SQL, its connection reads the rows by position
     *                   over plain JDBC (the scan's cost is per row)
     * @param channelId  the channel
     * @param matcher    the query's evaluator
     * @param filters    the structural filters
     * @param limit      the most ids to return
     * @param bound      the most messages to read
     * @return matching message ids, newest first, and whether the scan stopped at its bound
     */
    static MessageSearch.Scan scanned(
            DSLContext sql, long channelId, ScanMatcher matcher, SearchFilters filters, int limit, int bound) {
        Query query = sql.select(Messages.ID, Messages.TOPIC, Messages.BODY)
                .from(Messages.TABLE)
                .where(live(channelId, filters))
                .orderBy(Messages.ID.desc())
                .limit(bound + 1); // one more than it reads: whether older messages were left unread
        return sql.connectionResult(connection -> scan(connection, query, matcher, limit, bound));
    }

    private static MessageSearch.Scan scan(
            Connection connection, Query query, ScanMatcher matcher, int limit, int bound) {
        List<Long> ids = new ArrayList<>();
        int read = 0;
        boolean cut = false;
        try (PreparedStatement select = connection.prepareStatement(query.getSQL())) {
            List<Object> binds = query.getBindValues();
            for (int i = 0; i < binds.size(); i++) {
                select.setObject(i + 1, binds.get(i));
            }
            select.setFetchSize(SCAN_FETCH_SIZE);
            try (ResultSet rows = select.executeQuery()) {
                while (ids.size() < limit && rows.next()) {
                    if (read == bound) {
                        cut = true;
                        break;
                    }
                    read++;
                    if (matcher.matches(rows.getString(2), rows.getString(3))) {
                        ids.add(rows.getLong(1));
                    }
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException("scanning messages failed: " + e.getMessage(), e);
        }
        return new MessageSearch.Scan(ids, read, !cut);
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
