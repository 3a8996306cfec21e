package dev.switchboard.kernel.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import dev.switchboard.ports.storage.SqlDialect;

/**
 * After rows were inserted with their own ids, moves each identity (or serial) column's counter past the highest id,
 * so the next row a plugin inserts does not collide. PostgreSQL keeps such counters in sequences; SQLite takes
 * {@code max(rowid) + 1} by itself, so there is nothing to do there.
 */
final class IdentityCounters {

    private static final String IDENTITY_COLUMNS = "SELECT column_name FROM information_schema.columns"
            + " WHERE table_schema = current_schema() AND table_name = ?"
            + " AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')";

    private IdentityCounters() {}

    /**
     * @param connection the target, inside the copy's transaction
     * @param dialect    the target's dialect
     * @param table      a table just filled
     * @throws SQLException if a counter cannot be read or set
     */
    static void reset(Connection connection, SqlDialect dialect, Table table) throws SQLException {
        if (dialect != SqlDialect.POSTGRES) {
            return;
        }
        List<String> columns = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(IDENTITY_COLUMNS)) {
            query.setString(1, table.name());
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    columns.add(rows.getString(1));
                }
            }
        }
        for (String column : columns) {
            try (PreparedStatement set = connection.prepareStatement("SELECT setval(pg_get_serial_sequence(?, ?),"
                    + " (SELECT coalesce(max(" + Sql.quote(column) + "), 0) FROM " + Sql.quote(table.name())
                    + ") + 1, false)")) {
                set.setString(1, Sql.quote(table.name()));
                set.setString(2, column);
                set.executeQuery().close();
            }
        }
    }
}
