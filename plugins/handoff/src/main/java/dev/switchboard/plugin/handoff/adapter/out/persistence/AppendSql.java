package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.OptionalLong;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.SQLDialect;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Projects;
import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.application.port.out.NewHandoff;

/**
 * The statements of a publish, the hot write path, in plain JDBC. Their SQL is rendered once, at class load, by jOOQ
 * from the same table definitions as every other query, so it cannot drift from the schema; rendering and binding
 * through jOOQ on every publish cost more CPU than SQLite's own work. Stateless.
 */
final class AppendSql {

    private static final DSLContext RENDER = DSL.using(SQLDialect.SQLITE, new Settings().withRenderSchema(false));

    /** Takes the next sequence and tells, in one statement, whether the project is registered (a row comes back). */
    private static final String ALLOCATE = RENDER.update(Projects.TABLE)
            .set(Projects.LATEST, Projects.LATEST.plus(1L))
            .where(Projects.KEY.eq(""))
            .returningResult(Projects.LATEST)
            .getSQL();

    private static final String REGISTERED =
            RENDER.selectOne().from(Projects.TABLE).where(Projects.KEY.eq("")).getSQL();

    /** The columns {@link #INSERT} writes, in the order {@link #values} binds them. */
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

    private static final String INSERT = RENDER.insertInto(Records.TABLE, COLUMNS)
            .values(Collections.nCopies(COLUMNS.size(), null))
            .getSQL();

    private AppendSql() {}

    /** @return the project's new latest sequence, or empty when no project has this key (nothing was changed) */
    static OptionalLong allocate(Connection connection, String project) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(ALLOCATE)) {
            statement.setLong(1, 1);
            statement.setString(2, project);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? OptionalLong.of(row.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    static boolean registered(Connection connection, String project) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(REGISTERED)) {
            statement.setString(1, project);
            try (ResultSet row = statement.executeQuery()) {
                return row.next();
            }
        }
    }

    static void insert(Connection connection, NewHandoff handoff, long sequence) throws SQLException {
        Object[] values = values(handoff, sequence);
        try (PreparedStatement statement = connection.prepareStatement(INSERT)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
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
