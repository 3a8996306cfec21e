package dev.switchboard.kernel.storage;

import java.util.List;
import java.util.stream.Collectors;

/** Identifier quoting shared by the statements of a copy: standard double quotes, which both backends read. */
final class Sql {

    private Sql() {}

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    static String list(List<String> identifiers) {
        return identifiers.stream().map(Sql::quote).collect(Collectors.joining(", "));
    }
}
