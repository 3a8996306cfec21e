package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.switchboard.storage.migration.MigrationRunner;

/** Small JDBC helpers for the tests. */
final class Sql {

    private Sql() {}

    static int update(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }

    static String text(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            return result.next() ? result.getString(1) : null;
        }
    }

    static int number(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            result.next();
            return result.getInt(1);
        }
    }

    static int number(DataSource dataSource, String query) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return number(connection, query);
        }
    }

    static List<Integer> numbers(DataSource dataSource, String query) throws SQLException {
        List<Integer> numbers = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            while (result.next()) {
                numbers.add(result.getInt(1));
            }
        }
        return numbers;
    }

    static boolean tableExists(DataSource dataSource, String table) throws SQLException {
        return number(dataSource, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '" + table + "'")
                == 1;
    }

    /** @return {@code owner|version|description} of every recorded migration, by owner and version */
    static List<String> versionRows(DataSource dataSource) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery("SELECT owner, version, description FROM "
                        + MigrationRunner.VERSION_TABLE + " ORDER BY owner, version")) {
            while (result.next()) {
                rows.add(result.getString(1) + "|" + result.getInt(2) + "|" + result.getString(3));
            }
        }
        return rows;
    }
}
