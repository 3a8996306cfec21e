package dev.switchboard.kernel.storage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import javax.sql.DataSource;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;

/**
 * Copies every plugin's rows from a source database to an empty target of another backend:
 *
 * <ol>
 *   <li>one read transaction on the source, so every table is read from the same snapshot (a server may go on
 *       writing to the source meanwhile; its later writes are not copied);
 *   <li>refused, with nothing written, unless the source records exactly the schema versions the installed plugins
 *       declare, and the target's schema has no table with rows (recorded versions included);
 *   <li>the target's schema created by each plugin's own migrations for the target's dialect, so versions and
 *       checksums are recorded as on a fresh install;
 *   <li>in one target transaction: rows copied table by table (referenced tables first), identity counters moved
 *       past the copied ids, then each table's row count and content checksum compared with the source's; any
 *       failure or difference rolls every row back.
 * </ol>
 *
 * A failure in steps 3 or 4 also removes what the migrations created ({@link TargetBaseline}), so the target is left
 * as it was and a new copy may start at once.
 *
 * The source is only read (the caller hands over a read-only data source). Not thread-safe: one copy per instance.
 */
public final class StorageCopy {

    /** The table where the storage adapters record applied migrations; never copied, recorded by the migrations. */
    static final String VERSION_TABLE = "switchboard_schema_version";

    private static final int BATCH = 500;

    private final DataSource source;
    private String sourceLocation = "the source";
    private final SqlStorage target;
    private final Map<String, List<Migration>> migrations;
    private final List<String> disabledPlugins;

    /**
     * @param source          the source, read-only
     * @param target          the target, open
     * @param migrations      every enabled plugin's migrations for the target's dialect, by owner, and the kernel's
     *                        ({@link KernelMigrations}: the source may record them)
     * @param disabledPlugins the ids of installed plugins that are disabled, for the message when the source holds an
     *                        owner no enabled plugin declares
     */
    public StorageCopy(
            DataSource source,
            SqlStorage target,
            Map<String, List<Migration>> migrations,
            List<String> disabledPlugins) {
        this.source = source;
        this.target = target;
        this.migrations = new TreeMap<>(migrations);
        this.disabledPlugins = List.copyOf(disabledPlugins);
    }

    /**
     * Runs the copy.
     *
     * @return the verified tables
     * @throws CopyRefusedException if the target is not empty or the source's versions differ from the plugins';
     *                              nothing was written
     * @throws CopyFailedException  if a migration or the copy failed; no row was committed, and what the migrations
     *                              created was removed again (the message says so, or what is left when removing
     *                              it failed too)
     * @throws StorageException     if the source or the target cannot be read before anything was written
     */
    public CopyReport run() {
        try (Connection snapshot = source.getConnection()) {
            sourceLocation = snapshot.getMetaData().getURL();
            snapshot.setAutoCommit(false);
            try {
                Set<String> sourceTables = Schemas.tables(snapshot);
                checkVersions(recordedVersions(snapshot, sourceTables));
                checkTargetEmpty();
                TargetBaseline baseline = TargetBaseline.of(target);
                try {
                    migrations.forEach(target::migrate);
                    return fill(snapshot, sourceTables);
                } catch (RuntimeException e) {
                    throw undone(baseline, e);
                }
            } finally {
                snapshot.rollback();
            }
        } catch (SQLException e) {
            throw new StorageException("cannot read the source " + sourceLocation + ": " + e.getMessage(), e);
        }
    }

    /**
     * @return whether the table is the storage adapters' own bookkeeping ({@code switchboard_} prefix: the migration
     *         versions, written by the target's own migrations, and SQLite's change-signal counters, which
     *         PostgreSQL does not use), not a plugin's data
     */
    static boolean adapterOwned(String table) {
        return table.startsWith("switchboard_");
    }

    private CopyReport fill(Connection snapshot, Set<String> sourceTables) {
        List<CopyReport.CopiedTable> copied = target.transaction(connection -> {
            Set<String> tables = new TreeSet<>(Schemas.tables(connection));
            tables.removeIf(StorageCopy::adapterOwned);
            Set<String> strays = new TreeSet<>(sourceTables);
            strays.removeIf(StorageCopy::adapterOwned);
            strays.removeAll(tables);
            if (!strays.isEmpty()) {
                throw new SQLException("the source tables " + strays + " have no counterpart in the target: no"
                        + " enabled plugin's migrations create them, so their rows would be lost");
            }
            List<CopyReport.CopiedTable> verified = new ArrayList<>();
            for (String name : Schemas.dependencyOrder(connection, tables)) {
                Table table = Schemas.table(connection, name);
                if (sourceTables.contains(name)) {
                    table = common(table, Schemas.table(snapshot, name));
                    copyRows(snapshot, connection, table);
                }
                IdentityCounters.reset(connection, target.dialect(), table);
                verified.add(verify(sourceTables.contains(name) ? snapshot : null, connection, table));
            }
            return verified;
        });
        return new CopyReport(sourceLocation, target.location(), copied);
    }

    /** @return the failure, after removing what the migrations created (or saying what is left if that fails) */
    private CopyFailedException undone(TargetBaseline baseline, RuntimeException failure) {
        String reason = "the copy failed and no row was committed: " + failure.getMessage() + ". ";
        try {
            List<String> removed = baseline.restore(target);
            return new CopyFailedException(
                    reason + "The target " + target.location() + " is as it was before the copy (removed what the"
                            + " plugins' migrations had created: "
                            + (removed.isEmpty() ? "nothing" : String.join(", ", removed))
                            + "): fix the cause and copy again",
                    failure);
        } catch (RuntimeException cleanup) {
            failure.addSuppressed(cleanup);
            return new CopyFailedException(
                    reason + "The target " + target.location() + " still holds the plugins' empty tables and"
                            + " recorded schema versions, since removing them failed too (" + cleanup.getMessage()
                            + "), so a new copy refuses it: drop and recreate its schema (DROP SCHEMA <name> CASCADE;"
                            + " CREATE SCHEMA <name>) before trying again",
                    failure);
        }
    }

    /** The target's table restricted to the columns the source has too; a source column the target lacks fails. */
    private static Table common(Table inTarget, Table inSource) throws SQLException {
        Set<String> lost = new TreeSet<>(inSource.columns());
        lost.removeAll(inTarget.columns());
        if (!lost.isEmpty()) {
            throw new SQLException("the source table " + inSource.name()
                    + " has columns the target lacks, whose values would be" + " lost: " + lost);
        }
        List<String> columns =
                inTarget.columns().stream().filter(inSource.columns()::contains).toList();
        return new Table(inTarget.name(), columns, inTarget.key());
    }

    private static void copyRows(Connection from, Connection to, Table table) throws SQLException {
        try (PreparedStatement select = from.prepareStatement(table.selectInKeyOrder());
                ResultSet rows = select.executeQuery();
                PreparedStatement insert = to.prepareStatement(table.insert())) {
            int columns = table.columns().size();
            long pending = 0;
            while (rows.next()) {
                for (int i = 1; i <= columns; i++) {
                    insert.setObject(i, rows.getObject(i));
                }
                insert.addBatch();
                if (++pending % BATCH == 0) {
                    insert.executeBatch();
                }
            }
            insert.executeBatch();
        } catch (SQLException e) {
            throw new SQLException("copying the table " + table.name() + " failed: " + reason(e), e);
        }
    }

    /** Compares the table on both sides; {@code from} is null when the source has no such table (then: no rows). */
    private static CopyReport.CopiedTable verify(Connection from, Connection to, Table table) throws SQLException {
        TableDigest copy = TableDigest.of(to, table);
        TableDigest original = from == null ? TableDigest.empty() : TableDigest.of(from, table);
        if (original.rows() != copy.rows() || !original.checksum().equals(copy.checksum())) {
            throw new SQLException("the table " + table.name() + " differs after the copy: " + original.rows()
                    + " rows with checksum " + original.checksum() + " in the source, " + copy.rows()
                    + " rows with checksum " + copy.checksum() + " in the target");
        }
        return new CopyReport.CopiedTable(table.name(), copy.rows(), copy.checksum());
    }

    private void checkVersions(Map<String, Integer> recorded) {
        List<String> problems = new ArrayList<>();
        recorded.forEach((owner, version) -> {
            List<Migration> declared = migrations.get(owner);
            if (declared == null) {
                problems.add("the source holds the schema of '" + owner + "' (version " + version + "), which no"
                        + " enabled plugin declares"
                        + (disabledPlugins.contains(owner)
                                ? "; enable it first: switchboard plugins enable " + owner
                                : "; install and enable that plugin first"));
                return;
            }
            int latest = declared.stream().mapToInt(Migration::version).max().orElse(0);
            if (latest != version) {
                problems.add("the source records '" + owner + "' at schema version " + version
                        + " and the installed plugin at " + latest
                        + (version < latest
                                ? "; start the server once on the source so that its migrations run, then copy"
                                : "; install the plugin version that wrote the source"));
            }
        });
        if (!problems.isEmpty()) {
            throw new CopyRefusedException("not copied, nothing written: " + String.join("; ", problems));
        }
    }

    private void checkTargetEmpty() {
        List<String> filled = new ArrayList<>();
        try (Connection connection = target.dataSource().getConnection()) {
            for (String name : Schemas.tables(connection)) {
                long rows = count(connection, name);
                if (rows > 0) {
                    filled.add(name + " (" + rows + (rows == 1 ? " row" : " rows") + ")");
                }
            }
        } catch (SQLException e) {
            throw new StorageException("cannot read the target " + target.location() + ": " + e.getMessage(), e);
        }
        if (!filled.isEmpty()) {
            throw new CopyRefusedException("not copied, nothing written: the target " + target.location()
                    + " is not empty: " + String.join(", ", filled)
                    + ". Copy into an empty schema (plugins.storage-postgres.schema), or drop this one first");
        }
    }

    private static Map<String, Integer> recordedVersions(Connection connection, Set<String> tables)
            throws SQLException {
        Map<String, Integer> versions = new TreeMap<>();
        if (!tables.contains(VERSION_TABLE)) {
            return versions;
        }
        try (PreparedStatement query = connection.prepareStatement(
                        "SELECT owner, max(version) FROM " + VERSION_TABLE + " GROUP BY owner");
                ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                versions.put(rows.getString(1), rows.getInt(2));
            }
        }
        return versions;
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(new Table(table, List.of(), List.of()).count());
                ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** The message, with a batch's next exception, where PostgreSQL's driver puts the reason a row was refused. */
    private static String reason(SQLException e) {
        SQLException next = e.getNextException();
        return next == null ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + next.getMessage() + ")";
    }
}
