package dev.switchboard.storage.migration;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * The table {@code switchboard_schema_version}: one row per applied migration, keyed by owner and version, with the
 * migration's checksum and the UTC instant it was applied (ISO-8601 text). Its layout is the same on every backend,
 * so a database copied from one to another keeps its bookkeeping; on PostgreSQL it lives in the schema the
 * connection's {@code search_path} names first. Every method runs on the caller's connection, inside the caller's
 * transaction; driver errors are translated to {@link StorageException}.
 *
 * <p>Plain JDBC on purpose: this runs at every start, before any tool is listed, and a few fixed statements do not
 * justify initialising jOOQ (well over 100 ms of class initialisation on the start path).
 */
final class VersionTable {

    static final String NAME = "switchboard_schema_version";

    private static final String CREATE = """
            CREATE TABLE IF NOT EXISTS switchboard_schema_version (
                owner       TEXT    NOT NULL,
                version     INTEGER NOT NULL,
                description TEXT    NOT NULL,
                checksum    TEXT    NOT NULL,
                applied_at  TEXT    NOT NULL,
                PRIMARY KEY (owner, version)
            )""";
    private static final String APPLIED =
            "SELECT version, checksum FROM switchboard_schema_version WHERE owner = ? ORDER BY version";
    private static final String LATEST = "SELECT max(version) FROM switchboard_schema_version WHERE owner = ?";
    private static final String BY_OWNER =
            "SELECT owner, max(version) FROM switchboard_schema_version GROUP BY owner ORDER BY owner";
    private static final String RECORD = "INSERT INTO switchboard_schema_version"
            + " (owner, version, description, checksum, applied_at) VALUES (?, ?, ?, ?, ?)";

    private final SqlDialect dialect;

    VersionTable(SqlDialect dialect) {
        this.dialect = dialect;
    }

    /** @return the checksum of each version applied for {@code owner}, ascending; empty when the table is absent */
    Map<Integer, String> applied(Connection connection, String owner) {
        return translated(connection, c -> {
            if (!exists(c)) {
                return Map.of();
            }
            try (PreparedStatement select = c.prepareStatement(APPLIED)) {
                select.setString(1, owner);
                try (ResultSet rows = select.executeQuery()) {
                    Map<Integer, String> applied = new LinkedHashMap<>();
                    while (rows.next()) {
                        applied.put(rows.getInt(1), rows.getString(2));
                    }
                    return applied;
                }
            }
        });
    }

    /** @return each owner's highest applied version, by owner name; empty when the table is absent */
    Map<String, Integer> latestByOwner(Connection connection) {
        return translated(connection, c -> {
            Map<String, Integer> latest = new TreeMap<>();
            if (!exists(c)) {
                return latest;
            }
            try (Statement select = c.createStatement();
                    ResultSet rows = select.executeQuery(BY_OWNER)) {
                while (rows.next()) {
                    latest.put(rows.getString(1), rows.getInt(2));
                }
                return latest;
            }
        });
    }

    /** @return the highest version applied for {@code owner}, 0 for none; the table must exist */
    int latest(Connection connection, String owner) {
        return translated(connection, c -> {
            try (PreparedStatement select = c.prepareStatement(LATEST)) {
                select.setString(1, owner);
                try (ResultSet rows = select.executeQuery()) {
                    return rows.next() ? rows.getInt(1) : 0; // max() of no rows is NULL, which getInt reads as 0
                }
            }
        });
    }

    /** Creates the table when it does not exist; does not write anything when it does. */
    void createIfAbsent(Connection connection) throws SQLException {
        if (!exists(connection)) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(CREATE);
            }
        }
    }

    /** Records {@code version} of {@code owner} as applied at {@code appliedAt}. */
    void record(Connection connection, String owner, MigrationPlan.Step step, Instant appliedAt) {
        translated(connection, c -> {
            try (PreparedStatement insert = c.prepareStatement(RECORD)) {
                insert.setString(1, owner);
                insert.setInt(2, step.migration().version());
                insert.setString(3, step.migration().description());
                insert.setString(4, step.checksum());
                insert.setString(5, appliedAt.toString());
                return insert.executeUpdate();
            }
        });
    }

    private boolean exists(Connection connection) throws SQLException {
        String query = switch (dialect) {
            case SQLITE -> "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?";
            // to_regclass resolves the name through search_path, as the unqualified statements above do
            case POSTGRES -> "SELECT 1 WHERE to_regclass(?) IS NOT NULL";
        };
        try (PreparedStatement select = connection.prepareStatement(query)) {
            select.setString(1, NAME);
            try (ResultSet rows = select.executeQuery()) {
                return rows.next();
            }
        }
    }

    private static <T> T translated(Connection connection, SqlWork<T> query) {
        try {
            return query.run(connection);
        } catch (SQLException e) {
            throw new StorageException("the schema version table " + NAME + " failed: " + e.getMessage(), e);
        }
    }
}
