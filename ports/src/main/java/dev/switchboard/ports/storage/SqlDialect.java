package dev.switchboard.ports.storage;

/** The SQL dialect of the database behind {@link SqlStorage}; plugins pick SQL (or a jOOQ dialect) by it. */
public enum SqlDialect {
    SQLITE,
    POSTGRES
}
