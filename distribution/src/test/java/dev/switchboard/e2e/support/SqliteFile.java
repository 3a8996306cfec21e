package dev.switchboard.e2e.support;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a server's SQLite database file directly (with the driver on the test class path), to check what the server
 * stored. Open it only while no server runs, or read-only facts only. Stateless.
 */
public final class SqliteFile {

    private SqliteFile() {}

    /**
     * @param database the database file
     * @param query    a query whose first column is text
     * @return the first column of every row
     */
    public static List<String> column(Path database, String query) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection db = open(database);
                Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                values.add(rows.getString(1));
            }
        }
        return values;
    }

    /** @return every non-null value of every column of every table, as text */
    public static List<String> everyValue(Path database) throws SQLException {
        List<String> values = new ArrayList<>();
        List<String> tables = column(database, "SELECT name FROM sqlite_master WHERE type = 'table'");
        try (Connection db = open(database);
                Statement statement = db.createStatement()) {
            for (String table : tables) {
                try (ResultSet rows = statement.executeQuery("SELECT * FROM \"" + table.replace("\"", "\"\"") + "\"")) {
                    int columns = rows.getMetaData().getColumnCount();
                    while (rows.next()) {
                        for (int c = 1; c <= columns; c++) {
                            String value = rows.getString(c);
                            if (value != null) {
                                values.add(value);
                            }
                        }
                    }
                }
            }
        }
        return values;
    }

    private static Connection open(Path database) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + database);
    }
}
