package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * Runs units of work on the writer connection: one alone as a plain transaction, or several back to back in ONE
 * transaction with ONE commit, so that they share the commit's WAL sync (group commit), the dominant cost of a durable
 * write on most disks.
 *
 * <p>In a shared transaction each unit runs inside its own {@code SAVEPOINT}: a unit that throws is rolled back to it
 * (its writes vanish, the others' stay) and its caller gets its own exception, exactly as if it had run alone. A unit
 * sees the writes of the units before it, as it would had they committed just before. If the commit fails (or the
 * savepoint machinery does), every unit that had succeeded fails with that storage error and none of their writes
 * remains: a caller is told "committed" only after its writes are on disk. Not thread-safe: only the writer queue's
 * current leader calls it.
 */
final class GroupCommit {

    /** An unlikely name, so that a unit's own savepoints cannot be confused with the batch's. */
    private static final String SAVEPOINT = "switchboard_unit";

    private static final String BEGIN_UNIT = "SAVEPOINT " + SAVEPOINT;
    private static final String ROLLBACK_UNIT = "ROLLBACK TO " + SAVEPOINT;
    private static final String END_UNIT = "RELEASE " + SAVEPOINT;

    private final WriterConnection writer;

    GroupCommit(WriterConnection writer) {
        this.writer = writer;
    }

    /**
     * Runs one unit in a transaction of its own.
     *
     * @return what the work returned, after the commit
     * @throws StorageException if the database fails or the work throws {@link SQLException} (rolled back); a
     *                          {@link RuntimeException} or {@link Error} from the work is rethrown as is after the
     *                          rollback
     */
    <T> T alone(SqlWork<T> work) {
        Pending<T> unit = Pending.unit(work);
        alone(unit);
        return unit.outcome();
    }

    /** Runs one unit in a transaction of its own, recording its outcome. */
    void alone(Pending<?> unit) {
        Connection connection;
        try {
            connection = writer.begin();
        } catch (StorageException e) {
            unit.abort(e);
            return;
        }
        if (!unit.runOn(connection, writer.file())) {
            writer.rollback(unit.failure());
            return;
        }
        try {
            writer.commit();
        } catch (StorageException e) {
            unit.abort(e);
        }
    }

    /** Runs several units in one transaction, each in its own savepoint, recording every unit's outcome. */
    void together(List<Pending<?>> units) {
        Connection connection;
        try {
            connection = writer.begin();
        } catch (StorageException e) {
            units.forEach(unit -> unit.abort(e));
            return;
        }
        boolean anySucceeded = false;
        try {
            for (Pending<?> unit : units) {
                execute(connection, BEGIN_UNIT);
                if (unit.runOn(connection, writer.file())) {
                    anySucceeded = true;
                } else {
                    // also fails when SQLite already rolled the whole transaction back (a full disk, say): then the
                    // earlier units' writes are gone too, and the catch below fails them
                    execute(connection, ROLLBACK_UNIT);
                }
                execute(connection, END_UNIT);
            }
        } catch (SQLException e) {
            StorageException failure = new StorageException(
                    "group transaction on " + writer.file() + " rolled back: " + e.getMessage(),
                    "group transaction rolled back: " + e.getMessage(),
                    e);
            writer.rollback(failure);
            units.forEach(unit -> unit.abort(failure));
            return;
        }
        if (!anySucceeded) {
            writer.rollback(units.getFirst().failure());
            return;
        }
        try {
            writer.commit();
        } catch (StorageException e) {
            units.forEach(unit -> unit.abort(e));
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        // prepared, so that the writer connection keeps it compiled (StatementCache)
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.execute();
        }
    }
}
