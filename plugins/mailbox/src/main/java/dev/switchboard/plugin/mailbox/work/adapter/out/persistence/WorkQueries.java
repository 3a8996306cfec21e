package dev.switchboard.plugin.mailbox.work.adapter.out.persistence;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JdbcRows;
import dev.switchboard.plugin.mailbox.work.domain.DebtClaim;
import dev.switchboard.plugin.mailbox.work.domain.DebtStatus;
import dev.switchboard.plugin.mailbox.work.domain.Mark;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatus;
import dev.switchboard.plugin.mailbox.work.domain.WorkTrail;

/**
 * The work capability's reads as SQL text over a plain {@link Connection}, the same on SQLite and PostgreSQL, free of
 * jOOQ: {@link JooqWorkStore} runs them in its transactions, and the hooks' direct path (ADR 25) on its read-only
 * connection, so both count with one definition of each query. The history's marks are columns of the message that
 * the schema keeps from {@code mailbox_event}; a blocker is live while it exists, is not deleted, and is not resolved.
 * Every method throws the driver's {@link SQLException}. Stateless and thread-safe.
 */
public final class WorkQueries {

    /**
     * A message's work facts: its columns and the marks of its history, which the store keeps on the message (schema
     * version 2: a trigger on {@code mailbox_event} writes them in the transaction that appends the event).
     */
    // The columns are read by position: keep facts() in step with this order.
    private static final String FACTS = "SELECT m.id, m.topic, m.from_role, m.created_at, m.action_required,"
            + " m.status, m.resolved_by, m.resolved_at, m.resolution_note, m.work_status,"
            + " m.setter_role, m.setter_seq, m.transition_role, m.transition_seq,"
            + " m.reopen_seq, m.resolve_seq, m.confirm_seq, m.moved_at"
            + " FROM mailbox_message m WHERE m.channel_id = ? AND m.deleted_at IS NULL";

    private static final String CLAIMS = "SELECT m.id, m.transition_role, coalesce(m.transition_seq, 0),"
            + " coalesce(m.reopen_seq, 0)"
            + " FROM mailbox_message m WHERE m.channel_id = ? AND m.deleted_at IS NULL";

    /** A live open debt: the condition of the open-debt reads, after the channel's. */
    static final String OPEN_DEBT = " AND m.action_required = 1 AND m.status = 'open'";

    /**
     * Addressed to the role (bound twice). {@code to_role} is the one recipient of a message that has one, and
     * {@code '*'} for the others, whose recipients are rows: the common case is a column compare, not a lookup.
     */
    static final String ADDRESSED = " AND (m.to_role = ? OR (m.to_role = '*' AND EXISTS (SELECT 1"
            + " FROM mailbox_recipient r WHERE r.channel_id = m.channel_id AND r.message_id = m.id"
            + " AND r.to_role = ?)))";

    private static final String LIVE_BLOCKER =
            "b.id IS NOT NULL AND b.deleted_at IS NULL" + " AND (b.status IS NULL OR b.status = 'open')";

    /** The blockers of blocked tasks, after the tasks' ids: each with whether it still blocks. */
    private static final String BLOCKERS_OF = "SELECT bl.message_id, bl.blocker_id,"
            + " CASE WHEN " + LIVE_BLOCKER + " THEN 1 ELSE 0 END AS live"
            + " FROM mailbox_blocker bl"
            + " LEFT JOIN mailbox_message b ON b.channel_id = bl.channel_id AND b.id = bl.blocker_id"
            + " WHERE bl.channel_id = ? AND bl.message_id IN (";

    /** Message ids bound in one read by ids: far below every backend's limit on bind values. */
    private static final int ID_CHUNK = 500;

    private WorkQueries() {}

    /**
     * @param connection an open connection
     * @param channelId  the channel
     * @param role       the role
     * @return how many live open debts are addressed to it
     * @throws SQLException if the query fails
     */
    public static int openDebtCountTo(Connection connection, long channelId, String role) throws SQLException {
        return JdbcRows.list(
                        connection,
                        "SELECT count(*) FROM mailbox_message m WHERE m.channel_id = ? AND m.deleted_at IS NULL"
                                + OPEN_DEBT
                                + ADDRESSED,
                        List.of(channelId, role, role),
                        row -> row.getInt(1))
                .getFirst();
    }

    /**
     * @return the live open debts addressed to the role whose last transition the role made, ascending by id
     * @throws SQLException if the query fails
     */
    public static List<DebtClaim> openDebtClaimsMovedBy(Connection connection, long channelId, String role)
            throws SQLException {
        return claims(connection, " AND m.transition_role = ?", List.of(channelId, role, role, role));
    }

    /**
     * @return the facts of the messages that can be on the role's task lists: those with a work status, and resolved
     *     debts, that the role sent or received; ascending by id ({@link #taskCandidates(Connection, long, List)} of
     *     the one role)
     * @throws SQLException if the query fails
     */
    public static List<WorkFacts> taskCandidates(Connection connection, long channelId, String role)
            throws SQLException {
        return taskCandidates(connection, channelId, List.of(role)).get(role);
    }

    /**
     * The task-list candidates of several roles in one pass: one read of the candidate messages any of them sent or
     * received, one of their recipients, then each role's share. The one definition of a role's candidates, whether
     * one role is asked ({@code channel_status}, the hooks) or every role (the board).
     *
     * @param roles the roles, at least one
     * @return per role (every role asked is present), the facts of the messages that can be on its task lists: those
     *     with a work status, and resolved debts, that it sent or received; ascending by id
     * @throws SQLException if a query fails
     */
    public static Map<String, List<WorkFacts>> taskCandidates(Connection connection, long channelId, List<String> roles)
            throws SQLException {
        String in = JdbcRows.placeholders(roles.size());
        String candidate = " AND (m.work_status IS NOT NULL OR (m.action_required = 1 AND m.status = 'resolved'))"
                + " AND (m.from_role IN (" + in + ") OR EXISTS (SELECT 1 FROM mailbox_recipient r"
                + " WHERE r.channel_id = m.channel_id AND r.message_id = m.id AND r.to_role IN (" + in + ")))";
        List<Object> binds = new ArrayList<>(roles);
        binds.addAll(roles);
        List<WorkFacts> facts = facts(connection, channelId, candidate, binds);
        if (roles.size() == 1) {
            // every candidate read is the one role's: the condition selected by its participation
            return Map.of(roles.getFirst(), facts);
        }
        Map<Long, List<String>> recipients = recipients(
                connection, channelId, facts.stream().map(WorkFacts::id).toList());
        Map<String, List<WorkFacts>> byRole = new LinkedHashMap<>();
        roles.forEach(role -> byRole.put(role, new ArrayList<>()));
        for (WorkFacts fact : facts) {
            List<String> to = recipients.getOrDefault(fact.id(), List.of());
            byRole.forEach((role, list) -> {
                if (role.equals(fact.from()) || to.contains(role)) {
                    list.add(fact);
                }
            });
        }
        return byRole;
    }

    /** The recipients' roles of the messages, read by ids in chunks that every backend binds. */
    private static Map<Long, List<String>> recipients(Connection connection, long channelId, List<Long> ids)
            throws SQLException {
        Map<Long, List<String>> recipients = new HashMap<>();
        for (int from = 0; from < ids.size(); from += ID_CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + ID_CHUNK));
            List<Object> binds = new ArrayList<>();
            binds.add(channelId);
            binds.addAll(chunk);
            for (Object[] row : JdbcRows.list(
                    connection,
                    "SELECT r.message_id, r.to_role FROM mailbox_recipient r WHERE r.channel_id = ? AND r.message_id IN ("
                            + JdbcRows.placeholders(chunk.size()) + ")",
                    binds,
                    row -> new Object[] {row.getLong(1), row.getString(2)})) {
                recipients
                        .computeIfAbsent((Long) row[0], id -> new ArrayList<>())
                        .add((String) row[1]);
            }
        }
        return recipients;
    }

    /**
     * @param limit at most this many
     * @return the newest live open debts addressed to the role, newest first: the head of what
     *     {@code openDebtsTo} lists, read without the rest
     * @throws SQLException if the query fails
     */
    public static List<WorkFacts> newestOpenDebtsTo(Connection connection, long channelId, String role, int limit)
            throws SQLException {
        return facts(
                connection,
                channelId,
                OPEN_DEBT + ADDRESSED,
                List.of(role, role),
                " ORDER BY m.id DESC LIMIT " + Math.max(0, limit));
    }

    /**
     * @param condition SQL appended to the channel's open-debt condition ({@code ""} for every open debt)
     * @param binds     the channel, the role twice (for {@link #ADDRESSED}), then the condition's values
     * @return the claims of the live open debts addressed to the role that the condition selects, ascending by id
     * @throws SQLException if the query fails
     */
    static List<DebtClaim> claims(Connection connection, String condition, List<Object> binds) throws SQLException {
        return JdbcRows.list(connection, CLAIMS + OPEN_DEBT + ADDRESSED + condition + " ORDER BY m.id", binds, row -> {
            String transitionRole = row.getString(2);
            return new DebtClaim(
                    row.getLong(1),
                    transitionRole == null ? null : new Mark(transitionRole, row.getLong(3)),
                    row.getLong(4));
        });
    }

    /**
     * The facts of the messages the condition selects, ascending by id; the blockers of the blocked ones among them
     * are read after them, by their ids (a listing of a page reads the blockers of that page, not of every blocked
     * task of the channel).
     *
     * @param condition SQL appended to the channel's live-message condition
     * @param binds     the condition's values (the channel comes first, added here)
     * @throws SQLException if a query fails
     */
    static List<WorkFacts> facts(Connection connection, long channelId, String condition, List<Object> binds)
            throws SQLException {
        return facts(connection, channelId, condition, binds, " ORDER BY m.id");
    }

    /** {@link #facts(Connection, long, String, List)} in the order (and limit) of {@code order}. */
    private static List<WorkFacts> facts(
            Connection connection, long channelId, String condition, List<Object> binds, String order)
            throws SQLException {
        List<Object> all = new ArrayList<>();
        all.add(channelId);
        all.addAll(binds);
        List<WorkFacts> read = JdbcRows.list(
                connection,
                FACTS + condition + order,
                all,
                row -> new WorkFacts(
                        row.getLong(1),
                        row.getString(2),
                        row.getString(3),
                        row.getString(4),
                        row.getInt(5) == 1,
                        DebtStatus.fromWire(row.getString(6)).orElse(null),
                        row.getString(7),
                        row.getString(8),
                        row.getString(9),
                        WorkStatus.fromWire(row.getString(10)).orElse(null),
                        List.of(),
                        0,
                        new WorkTrail(
                                mark(row.getString(11), JdbcRows.nullableLong(row, 12)),
                                mark(row.getString(13), JdbcRows.nullableLong(row, 14)),
                                seq(JdbcRows.nullableLong(row, 15)),
                                seq(JdbcRows.nullableLong(row, 16)),
                                seq(JdbcRows.nullableLong(row, 17))),
                        row.getString(18)));
        List<Long> blocked = read.stream()
                .filter(fact -> fact.workStatus() == WorkStatus.BLOCKED)
                .map(WorkFacts::id)
                .toList();
        if (blocked.isEmpty()) {
            return read;
        }
        Map<Long, List<long[]>> blockers = blockersOf(connection, channelId, blocked);
        List<WorkFacts> facts = new ArrayList<>(read.size());
        for (WorkFacts fact : read) {
            List<long[]> ofTask = blockers.get(fact.id());
            facts.add(ofTask == null ? fact : withBlockers(fact, ofTask));
        }
        return facts;
    }

    private static WorkFacts withBlockers(WorkFacts fact, List<long[]> blockers) {
        return new WorkFacts(
                fact.id(),
                fact.topic(),
                fact.from(),
                fact.createdAt(),
                fact.actionRequired(),
                fact.status(),
                fact.resolvedBy(),
                fact.resolvedAt(),
                fact.resolutionNote(),
                fact.workStatus(),
                blockers.stream().map(pair -> pair[0]).toList(),
                (int) blockers.stream().filter(pair -> pair[1] == 1).count(),
                fact.trail(),
                fact.lastMovedAt());
    }

    /** Blocker id and liveness (1 or 0) per task, ascending by blocker id, read by the tasks' ids in chunks. */
    private static Map<Long, List<long[]>> blockersOf(Connection connection, long channelId, List<Long> tasks)
            throws SQLException {
        Map<Long, List<long[]>> byTask = new HashMap<>();
        for (int from = 0; from < tasks.size(); from += ID_CHUNK) {
            List<Long> chunk = tasks.subList(from, Math.min(tasks.size(), from + ID_CHUNK));
            List<Object> binds = new ArrayList<>();
            binds.add(channelId);
            binds.addAll(chunk);
            for (long[] row : JdbcRows.list(
                    connection,
                    BLOCKERS_OF + JdbcRows.placeholders(chunk.size()) + ") ORDER BY bl.message_id, bl.blocker_id",
                    binds,
                    row -> new long[] {row.getLong(1), row.getLong(2), row.getLong(3)})) {
                byTask.computeIfAbsent(row[0], task -> new ArrayList<>()).add(new long[] {row[1], row[2]});
            }
        }
        return byTask;
    }

    private static Mark mark(String who, Long at) {
        return who == null || at == null ? null : new Mark(who, at);
    }

    private static long seq(Long value) {
        return value == null ? 0 : value;
    }
}
