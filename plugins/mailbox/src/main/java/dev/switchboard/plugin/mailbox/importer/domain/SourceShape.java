package dev.switchboard.plugin.mailbox.importer.domain;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The shape of a source file as SQLite reports it: its {@code PRAGMA user_version} and the columns of each of its
 * tables. Immutable.
 *
 * @param userVersion the stamp (0 for a file written before the original stamped versions)
 * @param tables      each table's columns in declaration order, by table name (sorted)
 */
public record SourceShape(long userVersion, Map<String, List<String>> tables) {

    /** @throws NullPointerException if {@code tables} is null */
    public SourceShape {
        Objects.requireNonNull(tables, "tables");
        TreeMap<String, List<String>> copy = new TreeMap<>();
        tables.forEach((name, columns) -> copy.put(name, List.copyOf(columns)));
        tables = java.util.Collections.unmodifiableSortedMap(copy);
    }

    /**
     * @param table  a table name
     * @param column a column name
     * @return whether the file has that column
     */
    public boolean has(String table, String column) {
        return tables.getOrDefault(table, List.of()).contains(column);
    }

    /**
     * @param table a table name
     * @return whether the file has that table
     */
    public boolean has(String table) {
        return tables.containsKey(table);
    }
}
