package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.StorageException;

/**
 * Brings an owner's schema up to date. The whole run holds the writer lock, so concurrent runs in this process are
 * serialised; each migration also re-reads the recorded version inside its own {@code BEGIN IMMEDIATE} transaction,
 * so a second process on the same file does not apply it twice. The recorded versions are checked before anything is
 * written: a too-new or changed schema leaves the database untouched (the version table is created only when a
 * migration is about to be applied).
 */
final class MigrationRunner {

    private static final Logger LOG = LoggerFactory.getLogger(MigrationRunner.class);

    private final SerialWriter writer;
    private final SchemaVersionTable versions;
    private final Clock clock;

    MigrationRunner(SerialWriter writer, SchemaVersionTable versions, Clock clock) {
        this.writer = writer;
        this.versions = versions;
        this.clock = clock;
    }

    int migrate(String owner, List<Migration> migrations) {
        MigrationPlan plan = MigrationPlan.of(owner, migrations);
        return writer.exclusively(() -> {
            Map<Integer, String> applied = writer.inTransaction(connection -> versions.applied(connection, owner));
            plan.verify(applied);
            int current =
                    applied.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
            for (MigrationPlan.Step step : plan.after(current)) {
                apply(plan.owner(), step);
            }
            return plan.latest();
        });
    }

    private void apply(String owner, MigrationPlan.Step step) {
        Migration migration = step.migration();
        boolean applied = writer.inTransaction(connection -> {
            versions.createIfAbsent(connection);
            if (versions.latest(connection, owner) >= migration.version()) {
                return false;
            }
            List<String> statements = step.statements();
            for (int i = 0; i < statements.size(); i++) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute(statements.get(i));
                } catch (SQLException e) {
                    throw new StorageException(
                            "migration " + migration.version() + " of '" + owner + "' ("
                                    + migration.description() + ") failed at statement " + (i + 1)
                                    + " and was rolled back: "
                                    + e.getMessage(),
                            e);
                }
            }
            versions.record(connection, owner, step, clock.instant());
            return true;
        });
        if (applied) {
            LOG.info("applied migration {} of '{}': {}", migration.version(), owner, migration.description());
        }
    }
}
