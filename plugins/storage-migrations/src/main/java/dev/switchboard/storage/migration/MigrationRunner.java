package dev.switchboard.storage.migration;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.StorageException;

/**
 * Brings an owner's schema up to date, for {@link dev.switchboard.ports.storage.SqlStorage#migrate}: the recorded
 * versions are checked first (a newer or changed schema is refused with nothing written: the version table is
 * created only when a migration is about to be applied), then each missing migration runs in its own transaction,
 * which re-reads the recorded version first, so two servers starting at once on one database do not apply it twice.
 * The whole run is {@linkplain MigrationTransactions#exclusively exclusive} within the process.
 *
 * <p>How a migration's SQL runs depends on the dialect: on SQLite it is split into statements (the driver runs only
 * the first of a string), on PostgreSQL it is sent whole (the server parses dollar quotes and comments itself).
 *
 * <p>Thread-safe when its {@link MigrationTransactions} are.
 */
public final class MigrationRunner {

    /** The bookkeeping table's name, the same on every backend. */
    public static final String VERSION_TABLE = VersionTable.NAME;

    private static final Logger LOG = LoggerFactory.getLogger(MigrationRunner.class);

    private final SqlDialect dialect;
    private final MigrationTransactions transactions;
    private final VersionTable versions;
    private final Clock clock;

    /**
     * @param dialect      the database's dialect
     * @param transactions the adapter's transactions
     * @param clock        the clock of the {@code applied_at} column
     */
    public MigrationRunner(SqlDialect dialect, MigrationTransactions transactions, Clock clock) {
        this.dialect = dialect;
        this.transactions = transactions;
        this.versions = new VersionTable(dialect);
        this.clock = clock;
    }

    /**
     * @param owner      who the versions belong to (a plugin id)
     * @param migrations the owner's complete list, in any order
     * @return the owner's schema version afterwards
     * @throws dev.switchboard.ports.storage.SchemaTooNewException if the database records a newer version; nothing
     *                                                             was written
     * @throws StorageException if the list is malformed or an applied migration changed (nothing written), or a
     *                          migration fails (it is rolled back; earlier ones stay)
     */
    public int migrate(String owner, List<Migration> migrations) {
        MigrationPlan plan = MigrationPlan.of(owner, migrations, dialect);
        return transactions.exclusively(() -> {
            Map<Integer, String> applied =
                    transactions.inTransaction(connection -> versions.applied(connection, owner));
            plan.verify(applied);
            int current =
                    applied.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
            for (MigrationPlan.Step step : plan.after(current)) {
                apply(plan.owner(), step);
            }
            return plan.latest();
        });
    }

    /**
     * @param connection a connection to the database, inside a transaction or not
     * @return each owner's highest recorded version, by owner name; empty when nothing was ever migrated
     * @throws StorageException if the table cannot be read
     */
    public Map<String, Integer> recordedVersions(Connection connection) {
        return versions.latestByOwner(connection);
    }

    private void apply(String owner, MigrationPlan.Step step) {
        Migration migration = step.migration();
        boolean applied = transactions.inTransaction(connection -> {
            versions.createIfAbsent(connection);
            if (versions.latest(connection, owner) >= migration.version()) {
                return false;
            }
            run(connection, owner, step);
            versions.record(connection, owner, step, clock.instant());
            return true;
        });
        if (applied) {
            LOG.info("applied migration {} of '{}': {}", migration.version(), owner, migration.description());
        }
    }

    private static void run(Connection connection, String owner, MigrationPlan.Step step) {
        Migration migration = step.migration();
        List<String> statements = step.statements();
        for (int i = 0; i < statements.size(); i++) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(statements.get(i));
            } catch (SQLException e) {
                String where = statements.size() == 1 ? "" : " at statement " + (i + 1);
                throw new StorageException(
                        "migration " + migration.version() + " of '" + owner + "' (" + migration.description()
                                + ") failed" + where + " and was rolled back: " + e.getMessage(),
                        e);
            }
        }
    }
}
