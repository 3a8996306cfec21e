package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.Optional;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;

/**
 * The project's row lock, the one read of handoff that differs by dialect: on PostgreSQL {@code SELECT ... FOR
 * UPDATE} makes work on one project from other connections and nodes (publishes, cursor moves, merges) wait its turn;
 * on SQLite the transaction already holds the database's write lock, and {@code FOR UPDATE} does not exist.
 * Stateless.
 */
final class ProjectLockSql {

    private ProjectLockSql() {}

    /**
     * Reads a project's latest sequence and, on PostgreSQL, locks its row until the commit.
     *
     * @param sql        the transaction's context
     * @param projectKey the project's stored key
     * @return the latest sequence, or empty when no project has the key
     */
    static Optional<Long> latestLocked(DSLContext sql, String projectKey) {
        var select = sql.select(HandoffTables.Projects.LATEST)
                .from(HandoffTables.Projects.TABLE)
                .where(HandoffTables.Projects.KEY.eq(projectKey));
        return (sql.dialect().family() == SQLDialect.POSTGRES ? select.forUpdate() : select)
                .fetchOptional(HandoffTables.Projects.LATEST);
    }
}
