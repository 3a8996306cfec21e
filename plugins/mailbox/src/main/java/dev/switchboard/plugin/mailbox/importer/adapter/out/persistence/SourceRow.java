package dev.switchboard.plugin.mailbox.importer.adapter.out.persistence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * The current row of a source query that selected only the columns the file has: a column it lacks reads as null
 * (or the given default). Not thread-safe.
 */
final class SourceRow {

    private final ResultSet rows;
    private final List<String> present;

    SourceRow(ResultSet rows, List<String> present) {
        this.rows = rows;
        this.present = present;
    }

    String text(String column) throws SQLException {
        return present.contains(column) ? rows.getString(column) : null;
    }

    Long number(String column) throws SQLException {
        if (!present.contains(column)) {
            return null;
        }
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }

    long id(String column) throws SQLException {
        Long value = number(column);
        if (value == null) {
            throw new NullPointerException(column);
        }
        return value;
    }

    boolean flag(String column, boolean absent) throws SQLException {
        Long value = number(column);
        return value == null ? absent : value != 0;
    }
}
