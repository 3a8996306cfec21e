package dev.switchboard.kernel.storage;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads tables, columns, keys and foreign keys through JDBC metadata, the same way on every backend. Names are lower
 * case. Stateless.
 */
final class Schemas {

    private Schemas() {}

    /**
     * @param connection a connection
     * @return the user tables of the connection's current schema, sorted; on SQLite without its internal
     *         {@code sqlite_*} tables and without virtual tables and their shadow tables (a full-text index such as
     *         the mailbox's FTS5 table is derived from other tables' rows, and the target builds its own index from
     *         the copied rows)
     */
    static Set<String> tables(Connection connection) throws SQLException {
        Set<String> names = new TreeSet<>();
        DatabaseMetaData meta = connection.getMetaData();
        try (ResultSet rows =
                meta.getTables(null, pattern(meta, connection.getSchema()), "%", new String[] {"TABLE"})) {
            while (rows.next()) {
                String name = rows.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
                if (!name.startsWith("sqlite_")) {
                    names.add(name);
                }
            }
        }
        if ("SQLite".equalsIgnoreCase(meta.getDatabaseProductName())) {
            names.removeAll(sqliteDerivedTables(connection));
        }
        return names;
    }

    /** @return SQLite's virtual and shadow tables of the main schema ({@code PRAGMA table_list}, SQLite 3.37+) */
    private static Set<String> sqliteDerivedTables(Connection connection) throws SQLException {
        Set<String> derived = new TreeSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("PRAGMA main.table_list")) {
            while (rows.next()) {
                String type = rows.getString("type");
                if ("virtual".equals(type) || "shadow".equals(type)) {
                    derived.add(rows.getString("name").toLowerCase(Locale.ROOT));
                }
            }
        }
        return derived;
    }

    /** @return the table's columns in declaration order and its primary key (every column when it has none) */
    static Table table(Connection connection, String name) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String schema = connection.getSchema();
        List<String> columns = new ArrayList<>();
        try (ResultSet rows = meta.getColumns(null, pattern(meta, schema), pattern(meta, name), "%")) {
            while (rows.next()) {
                columns.add(rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
        }
        if (columns.isEmpty()) {
            throw new SQLException("the columns of the table " + name + " cannot be read from the database metadata");
        }
        Map<Short, String> key = new java.util.TreeMap<>();
        try (ResultSet rows = meta.getPrimaryKeys(null, schema, name)) {
            while (rows.next()) {
                key.put(rows.getShort("KEY_SEQ"), rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return new Table(name, columns, key.isEmpty() ? columns : new ArrayList<>(key.values()));
    }

    /** @return the name as a metadata search pattern matching only itself ({@code _} and {@code %} escaped) */
    private static String pattern(DatabaseMetaData meta, String name) throws SQLException {
        if (name == null) {
            return null;
        }
        String escape = meta.getSearchStringEscape();
        return escape == null || escape.isEmpty()
                ? name
                : name.replace(escape, escape + escape)
                        .replace("_", escape + "_")
                        .replace("%", escape + "%");
    }

    /**
     * @param connection a connection to the database whose foreign keys decide
     * @param names      the tables
     * @return the tables ordered so that every table comes after the tables its foreign keys reference
     * @throws SQLException if the metadata cannot be read, or the foreign keys form a cycle
     */
    static List<String> dependencyOrder(Connection connection, Set<String> names) throws SQLException {
        Map<String, Set<String>> references = new LinkedHashMap<>();
        for (String name : names) {
            Set<String> referenced = new TreeSet<>();
            try (ResultSet rows = connection.getMetaData().getImportedKeys(null, connection.getSchema(), name)) {
                while (rows.next()) {
                    String target = rows.getString("PKTABLE_NAME").toLowerCase(Locale.ROOT);
                    if (!target.equals(name) && names.contains(target)) {
                        referenced.add(target);
                    }
                }
            }
            references.put(name, referenced);
        }
        Set<String> ordered = new LinkedHashSet<>();
        while (ordered.size() < names.size()) {
            boolean progressed = false;
            for (Map.Entry<String, Set<String>> entry : references.entrySet()) {
                if (!ordered.contains(entry.getKey()) && ordered.containsAll(entry.getValue())) {
                    ordered.add(entry.getKey());
                    progressed = true;
                }
            }
            if (!progressed) {
                throw new SQLException("the foreign keys between the tables " + names + " form a cycle");
            }
        }
        return List.copyOf(ordered);
    }
}
