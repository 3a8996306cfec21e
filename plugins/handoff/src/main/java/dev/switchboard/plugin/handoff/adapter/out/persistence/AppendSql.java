package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Projects;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.application.port.out.NewHandoff;

/**
 * The statements of a publish, the hot write path, in plain JDBC. Their SQL is rendered once per storage, in its
 * dialect, by jOOQ from the same table definitions as every other query, so it cannot drift from the schema; rendering
 * and binding through jOOQ on every publish cost more CPU than SQLite's own work. Immutable, thread-safe.
 */
final class AppendSql {

    /** The columns {@link #insert} writes, in the order {@link #values} binds them: every column. */
    private static final List<Field<?>> COLUMNS = Records.COLUMNS;

    private static final Map<SQLDialect, AppendSql> BY_DIALECT = new ConcurrentHashMap<>();

    /** Takes the next sequence and tells, in one statement, whether the project is registered (a row comes back). */
    private final String allocate;

    private final String registered;

    /** Whether a handoff holds an idempotency key: a row comes back. */
    private final String keyTaken;

    private final String insert;

    /**
     * PostgreSQL only: {@link #allocate} and {@link #insert} in one statement (data-modifying CTEs), one round trip
     * instead of two; null on SQLite, which has no data-modifying CTEs.
     */
    private final String allocateAndInsert;

    /**
     * @param dialect the storage's dialect
     * @return the statements rendered in it, rendered on the first call for the dialect
     */
    static AppendSql of(SQLDialect dialect) {
        return BY_DIALECT.computeIfAbsent(dialect, AppendSql::new);
    }

    private AppendSql(SQLDialect dialect) {
        DSLContext render = DSL.using(dialect, new Settings().withRenderSchema(false));
        this.allocate = render.update(Projects.TABLE)
                .set(Projects.LATEST, Projects.LATEST.plus(1L))
                .where(Projects.KEY.eq(""))
                .returningResult(Projects.LATEST)
                .getSQL();
        this.registered = render.selectOne()
                .from(Projects.TABLE)
                .where(Projects.KEY.eq(""))
                .getSQL();
        this.keyTaken = render.selectOne()
                .from(Records.TABLE)
                .where(Records.IDEMPOTENCY_KEY.eq(""))
                .getSQL();
        this.insert = render.insertInto(Records.TABLE, COLUMNS)
                .values(Collections.nCopies(COLUMNS.size(), null))
                .onConflict(Records.IDEMPOTENCY_KEY)
                .doNothing()
                .getSQL();
        this.allocateAndInsert = dialect == SQLDialect.POSTGRES ? allocateAndInsert(render, allocate) : null;
    }

    /**
     * {@code WITH s AS (<allocate>), i AS (INSERT ... SELECT <values with s's sequence> FROM s ON CONFLICT DO NOTHING
     * RETURNING 1) SELECT s.latest, (SELECT count(*) FROM i) FROM s}: no row when the project is not registered, a
     * count of 0 when another handoff holds the idempotency key (the sequence was taken: the caller rolls back).
     */
    private static String allocateAndInsert(DSLContext render, String allocate) {
        Field<Long> taken = DSL.field(DSL.name("s", Projects.LATEST.getName()), Long.class);
        List<Field<?>> values = COLUMNS.stream()
                .<Field<?>>map(column -> column == Records.SEQUENCE ? taken : DSL.val(null, column.getDataType()))
                .toList();
        String insertTaken = render.insertInto(Records.TABLE, COLUMNS)
                .select(DSL.select(values).from(DSL.name("s")))
                .onConflict(Records.IDEMPOTENCY_KEY)
                .doNothing()
                .returningResult(DSL.inline(1))
                .getSQL();
        return "WITH s AS (" + allocate + "), i AS (" + insertTaken + ") SELECT " + render.render(taken)
                + ", (SELECT count(*) FROM i) FROM s";
    }

    /** What {@link #append} did. */
    enum Outcome {
        /** No project has the key: nothing changed. */
        UNREGISTERED,
        /** Another handoff holds the idempotency key: the sequence was taken, so the caller MUST roll back. */
        KEY_TAKEN,
        /** The handoff is in, at the sequence taken. */
        INSERTED
    }

    /**
     * @param outcome  what happened
     * @param sequence the sequence taken, 0 when the project is not registered
     */
    record Appended(Outcome outcome, long sequence) {}

    /**
     * Takes the project's next sequence and inserts the handoff at it: one statement on PostgreSQL, two on SQLite.
     *
     * @return what happened, and the sequence taken
     */
    Appended append(Connection connection, NewHandoff handoff) throws SQLException {
        if (allocateAndInsert == null) {
            OptionalLong next = allocate(connection, handoff.project().value());
            if (next.isEmpty()) {
                return new Appended(Outcome.UNREGISTERED, 0);
            }
            boolean inserted = insert(connection, handoff, next.getAsLong());
            return new Appended(inserted ? Outcome.INSERTED : Outcome.KEY_TAKEN, next.getAsLong());
        }
        try (PreparedStatement statement = connection.prepareStatement(allocateAndInsert)) {
            statement.setLong(1, 1);
            statement.setString(2, handoff.project().value());
            Object[] values = values(handoff, 0);
            int parameter = 3;
            for (int i = 0; i < values.length; i++) {
                if (COLUMNS.get(i) != Records.SEQUENCE) {
                    bind(statement, parameter++, values[i]);
                }
            }
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return new Appended(Outcome.UNREGISTERED, 0);
                }
                return new Appended(row.getLong(2) == 1 ? Outcome.INSERTED : Outcome.KEY_TAKEN, row.getLong(1));
            }
        }
    }

    private static void bind(PreparedStatement statement, int parameter, Object value) throws SQLException {
        if (value == null) {
            statement.setNull(parameter, Types.VARCHAR); // the nullable columns are text
        } else {
            statement.setObject(parameter, value);
        }
    }

    /** @return the project's new latest sequence, or empty when no project has this key (nothing was changed) */
    OptionalLong allocate(Connection connection, String project) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(allocate)) {
            statement.setLong(1, 1);
            statement.setString(2, project);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? OptionalLong.of(row.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    boolean registered(Connection connection, String project) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(registered)) {
            statement.setString(1, project);
            try (ResultSet row = statement.executeQuery()) {
                return row.next();
            }
        }
    }

    /**
     * @return whether a handoff holds the idempotency key: a plain statement, so that a publish with a fresh key (the
     *     common case) does not render the query that reads the earlier handoff whole
     */
    boolean keyTaken(Connection connection, String idempotencyKey) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(keyTaken)) {
            statement.setString(1, idempotencyKey);
            try (ResultSet row = statement.executeQuery()) {
                return row.next();
            }
        }
    }

    /**
     * Inserts the handoff at the sequence, unless a handoff with its idempotency key exists: on PostgreSQL a concurrent
     * publisher on another connection may have committed the key after this transaction looked for it (the insert
     * waits for that transaction and then skips). The caller must then roll back, to give the sequence back.
     *
     * @return whether the row was inserted; false only when another handoff holds the idempotency key
     */
    boolean insert(Connection connection, NewHandoff handoff, long sequence) throws SQLException {
        Object[] values = values(handoff, sequence);
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
            for (int i = 0; i < values.length; i++) {
                bind(statement, i + 1, values[i]);
            }
            return statement.executeUpdate() == 1;
        }
    }

    private static Object[] values(NewHandoff handoff, long sequence) {
        var draft = handoff.draft();
        return new Object[] {
            handoff.id().value(),
            handoff.project().value(),
            sequence,
            draft.title(),
            draft.summary(),
            draft.content(),
            draft.kind(),
            JsonLists.write(draft.tags()),
            draft.source(),
            draft.sourceReference(),
            draft.importance(),
            draft.sensitivity(),
            JsonLists.write(draft.suggestedTargets()),
            handoff.idempotencyKey(),
            handoff.fingerprint().value(),
            handoff.checksum().value(),
            handoff.overriddenRules().isEmpty() ? 0L : 1L,
            JsonLists.write(handoff.overriddenRules()),
            handoff.publishedBy(),
            Times.format(handoff.committedAt())
        };
    }
}
