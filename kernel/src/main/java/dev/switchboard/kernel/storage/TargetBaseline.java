package dev.switchboard.kernel.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;

/**
 * What the copy's target schema held before the plugins' migrations ran (its tables and, on PostgreSQL, its functions
 * outside extensions), so that a failed copy can remove what the migrations added: the tables (with their indexes,
 * triggers and identity sequences), the functions, and the versions they recorded. The target had no row anywhere
 * before (the copy refuses it otherwise), so emptying the version table restores it. An extension a migration created
 * (the mailbox's {@code pg_trgm}) stays: it is the database's, and a later migration finds it. Immutable.
 */
final class TargetBaseline {

    /** The schema's own functions, each as its signature ({@code mailbox_fold(text)}), extension members left out. */
    private static final String POSTGRES_FUNCTIONS = "SELECT p.oid::regprocedure::text FROM pg_proc p"
            + " WHERE p.pronamespace = current_schema()::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_depend d"
            + " WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')";

    private final Set<String> tables;
    private final Set<String> functions;

    private TargetBaseline(Set<String> tables, Set<String> functions) {
        this.tables = tables;
        this.functions = functions;
    }

    /**
     * @param target the copy's target, open
     * @return what its schema holds now
     * @throws StorageException if the schema cannot be read
     */
    static TargetBaseline of(SqlStorage target) {
        try (Connection connection = target.dataSource().getConnection()) {
            return new TargetBaseline(Schemas.tables(connection), functions(connection, target.dialect()));
        } catch (SQLException e) {
            throw new StorageException("cannot read the target " + target.location() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Removes, in one transaction of the target, every table and function the schema did not hold at {@link #of}, and
     * every recorded migration version.
     *
     * @param target the same target
     * @return the tables and functions removed, sorted
     * @throws StorageException if the target refuses; then nothing was removed
     */
    List<String> restore(SqlStorage target) {
        return target.transaction(connection -> {
            Set<String> removed = new TreeSet<>();
            try (Statement statement = connection.createStatement()) {
                for (String table : Schemas.tables(connection)) {
                    if (!tables.contains(table)) {
                        statement.execute("DROP TABLE IF EXISTS " + Sql.quote(table)
                                + (target.dialect() == SqlDialect.POSTGRES ? " CASCADE" : ""));
                        removed.add(table);
                    }
                }
                for (String function : functions(connection, target.dialect())) {
                    if (!functions.contains(function)) {
                        statement.execute("DROP FUNCTION IF EXISTS " + function + " CASCADE");
                        removed.add(function);
                    }
                }
                if (tables.contains(StorageCopy.VERSION_TABLE)) {
                    statement.execute("DELETE FROM " + StorageCopy.VERSION_TABLE);
                }
            }
            return List.copyOf(removed);
        });
    }

    private static Set<String> functions(Connection connection, SqlDialect dialect) throws SQLException {
        Set<String> signatures = new TreeSet<>();
        if (dialect != SqlDialect.POSTGRES) {
            return signatures; // SQLite keeps no functions in a database
        }
        try (PreparedStatement query = connection.prepareStatement(POSTGRES_FUNCTIONS);
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                signatures.add(rows.getString(1));
            }
        }
        return signatures;
    }
}
