package dev.switchboard.ports.storage;

/**
 * The SQL dialect of the database behind {@link SqlStorage}; plugins pick SQL, migrations and a jOOQ dialect by it.
 * A plugin that does not know a dialect refuses to start on it rather than guessing.
 */
public enum SqlDialect {
    /** SQLite 3.45 or newer (the embedded default). */
    SQLITE("sqlite"),
    /** PostgreSQL 14 or newer. */
    POSTGRES("postgres");

    private final String directory;

    SqlDialect(String directory) {
        this.directory = directory;
    }

    /**
     * @return the folder of this dialect's migrations under a plugin's migration folder, such as {@code sqlite} in
     *         {@code db/migration/handoff/sqlite/V1__create_handoff_tables.sql}
     */
    public String directory() {
        return directory;
    }

    /**
     * @return the name of the matching {@code org.jooq.SQLDialect} constant, for
     *         {@code SQLDialect.valueOf(storage.dialect().jooqName())}; ports itself does not depend on jOOQ
     */
    public String jooqName() {
        return name();
    }
}
