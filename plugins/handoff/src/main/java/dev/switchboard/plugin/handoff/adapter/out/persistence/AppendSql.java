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

    /** The columns {@link #insert} writes, in the order {@link #values} binds them. */
    private static final List<Field<?>> COLUMNS = List.of(
            Records.ID,
            Records.PROJECT,
            Records.SEQUENCE,
            Records.TITLE,
            Records.SUMMARY,
            Records.CONTENT,
            Records.KIND,
            Records.TAGS,
            Records.SOURCE,
            Records.SOURCE_REFERENCE,
            Records.IMPORTANCE,
            Records.SENSITIVITY,
            Records.SUGGESTED_TARGETS,
            Records.IDEMPOTENCY_KEY,
            Records.FINGERPRINT,
            Records.CHECKSUM,
            Records.SENSITIVE_OVERRIDE,
            Records.OVERRIDE_RULES,
            Records.PUBLISHED_BY,
            Records.COMMITTED_AT);

    private static final Map<SQLDialect, AppendSql> BY_DIALECT = new ConcurrentHashMap<>();

    /** Takes the next sequence and tells, in one statement, whether the project is registered (a row comes back). */
    private final String allocate;

    private final String registered;
    private final String insert;

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
        this.insert = render.insertInto(Records.TABLE, COLUMNS)
                .values(Collections.nCopies(COLUMNS.size(), null))
                .onConflict(Records.IDEMPOTENCY_KEY)
                .doNothing()
                .getSQL();
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
                if (values[i] == null) {
                    statement.setNull(i + 1, Types.VARCHAR); // the nullable columns are text
                } else {
                    statement.setObject(i + 1, values[i]);
                }
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
