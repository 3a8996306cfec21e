package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.max;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.selectOne;
import static org.jooq.impl.DSL.table;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.Table;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

import dev.switchboard.ports.storage.StorageException;

/**
 * The kernel-level table {@code switchboard_schema_version}: one row per applied migration, keyed by owner and
 * version, with the migration's checksum and the UTC instant it was applied. Every method runs on the caller's
 * connection, inside the caller's transaction. jOOQ errors are translated to {@link StorageException}.
 */
final class SchemaVersionTable {

    static final String NAME = "switchboard_schema_version";

    private static final String CREATE = """
            CREATE TABLE IF NOT EXISTS switchboard_schema_version (
                owner       TEXT    NOT NULL,
                version     INTEGER NOT NULL,
                description TEXT    NOT NULL,
                checksum    TEXT    NOT NULL,
                applied_at  TEXT    NOT NULL,
                PRIMARY KEY (owner, version)
            )""";

    private static final Table<Record> TABLE = table(name(NAME));
    private static final Field<String> OWNER = field(name("owner"), SQLDataType.VARCHAR);
    private static final Field<Integer> VERSION = field(name("version"), SQLDataType.INTEGER);
    private static final Field<String> DESCRIPTION = field(name("description"), SQLDataType.VARCHAR);
    private static final Field<String> CHECKSUM = field(name("checksum"), SQLDataType.VARCHAR);
    private static final Field<String> APPLIED_AT = field(name("applied_at"), SQLDataType.VARCHAR);

    /** @return the checksum of each version applied for {@code owner}; empty when the table does not exist yet */
    Map<Integer, String> applied(Connection connection, String owner) {
        return translated(() -> {
            DSLContext sql = DSL.using(connection, SQLDialect.SQLITE);
            if (!exists(sql)) {
                return Map.of();
            }
            return sql.select(VERSION, CHECKSUM).from(TABLE).where(OWNER.eq(owner)).fetchMap(VERSION, CHECKSUM);
        });
    }

    /** @return the highest version applied for {@code owner}, 0 for none; the table must exist */
    int latest(Connection connection, String owner) {
        return translated(() -> {
            Integer latest = DSL.using(connection, SQLDialect.SQLITE)
                    .select(max(VERSION)).from(TABLE).where(OWNER.eq(owner)).fetchOne(0, Integer.class);
            return latest == null ? 0 : latest;
        });
    }

    /** Creates the table when it does not exist; does not write anything when it does. */
    void createIfAbsent(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(CREATE);
        }
    }

    /** Records {@code version} of {@code owner} as applied at {@code appliedAt}. */
    void record(Connection connection, String owner, MigrationPlan.Step step, Instant appliedAt) {
        translated(() -> DSL.using(connection, SQLDialect.SQLITE)
                .insertInto(TABLE, OWNER, VERSION, DESCRIPTION, CHECKSUM, APPLIED_AT)
                .values(owner, step.migration().version(), step.migration().description(), step.checksum(),
                        appliedAt.toString())
                .execute());
    }

    private static boolean exists(DSLContext sql) {
        return sql.fetchExists(selectOne().from(table(name("sqlite_master")))
                .where(field(name("type"), SQLDataType.VARCHAR).eq("table"))
                .and(field(name("name"), SQLDataType.VARCHAR).eq(NAME)));
    }

    private static <T> T translated(Supplier<T> query) {
        try {
            return query.get();
        } catch (DataAccessException e) {
            throw new StorageException("the schema version table " + NAME + " failed: " + e.getMessage(), e);
        }
    }
}
