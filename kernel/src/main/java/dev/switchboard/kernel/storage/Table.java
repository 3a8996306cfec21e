package dev.switchboard.kernel.storage;

import java.util.List;

/**
 * One table to copy, as the target's schema declares it.
 *
 * @param name    the table's name, lower case
 * @param columns its columns in declaration order, lower case
 * @param key     the columns rows are ordered by for checksums: the primary key, or every column when there is none
 */
record Table(String name, List<String> columns, List<String> key) {

    Table {
        columns = List.copyOf(columns);
        key = List.copyOf(key);
    }

    /** @return {@code SELECT "a", "b" FROM "t" ORDER BY "k"}: the same text reads both backends */
    String selectInKeyOrder() {
        return "SELECT " + Sql.list(columns) + " FROM " + Sql.quote(name) + " ORDER BY " + Sql.list(key);
    }

    /** @return {@code INSERT INTO "t" ("a", "b") VALUES (?, ?)} */
    String insert() {
        return "INSERT INTO " + Sql.quote(name) + " (" + Sql.list(columns) + ") VALUES ("
                + String.join(", ", java.util.Collections.nCopies(columns.size(), "?")) + ")";
    }

    /** @return {@code SELECT count(*) FROM "t"} */
    String count() {
        return "SELECT count(*) FROM " + Sql.quote(name);
    }
}
