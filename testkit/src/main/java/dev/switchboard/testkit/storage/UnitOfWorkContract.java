package dev.switchboard.testkit.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.signal.SignalFanout;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageProvider;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * What every storage adapter promises for the unit of work beside {@link SqlStorage#transaction}: the read
 * {@link SqlStorage#snapshot} and the write helper {@link SqlStorage#write}, as JUnit tests. A storage adapter's test
 * class extends this and says how to make a provider, as for {@link SqlStorageContract}.
 *
 * <p>Covered: every query of a snapshot sees one committed state, even when a writer commits in between; what a
 * snapshot's work writes is not kept; a failed read is a {@link StorageException} (not busy), also when jOOQ-style
 * wrapping hides the {@link SQLException} in a {@link RuntimeException}, and another {@link RuntimeException} is
 * rethrown as is; a done write is committed and its change signal delivered; a refused write is rolled back, its
 * refusal returned as is and no signal delivered; a malformed topic is refused before anything runs.
 */
public abstract class UnitOfWorkContract {

    private static final String OWNER = "uow-contract";
    private static final Migration NOTES =
            new Migration(1, "create notes", "CREATE TABLE uow_notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);");
    private static final String TOPIC = "contract.notes";
    private static final Duration PATIENCE = Duration.ofSeconds(5);
    private static final Duration QUIET = Duration.ofMillis(300);

    @TempDir
    private Path stateDir;

    private final List<StorageProvider> opened = new ArrayList<>();
    private final List<SignalFanout> fanouts = new ArrayList<>();

    /**
     * @param stateDir the server's state directory, the same for every call of one test
     * @return a new, unopened provider of the adapter under test
     */
    protected abstract StorageProvider provider(Path stateDir);

    private SqlStorage open() {
        StorageProvider provider = provider(stateDir);
        opened.add(provider);
        SqlStorage storage = provider.open();
        storage.migrate(OWNER, List.of(NOTES));
        return storage;
    }

    private SignalFanout signals(SqlStorage storage) {
        SignalFanout fanout = new SignalFanout(storage.signals());
        fanouts.add(fanout);
        return fanout;
    }

    @AfterEach
    final void closeAll() {
        fanouts.forEach(SignalFanout::close);
        fanouts.clear();
        opened.forEach(StorageProvider::close);
        opened.clear();
    }

    @Test
    void everyQueryOfASnapshotSeesOneCommittedStateWhileAWriterCommitsInBetween() {
        SqlStorage storage = open();
        insert(storage, 1);

        List<Integer> counts = storage.snapshot(c -> {
            int before = notes(c);
            insert(storage, 2);
            return List.of(before, notes(c));
        });

        assertThat(counts).containsExactly(1, 1);
        assertThat(storage.snapshot(UnitOfWorkContract::notes)).isEqualTo(2);
    }

    @Test
    void nothingASnapshotsWorkWritesIsKept() {
        SqlStorage storage = open();

        try {
            storage.snapshot(c -> update(c, "INSERT INTO uow_notes(id, body) VALUES (7, 'not kept')"));
        } catch (StorageException refusedByAReadOnlyTransaction) {
            // PostgreSQL refuses the write itself; SQLite rolls it back at the end: either way nothing is kept
        }

        assertThat(storage.snapshot(UnitOfWorkContract::notes)).isZero();
    }

    @Test
    void aReadThatFailsInTheDatabaseIsAStorageFailureNotBusyAndNotNothingFound() {
        SqlStorage storage = open();

        assertThatThrownBy(() -> storage.snapshot(c -> update(c, "SELECT * FROM uow_missing")))
                .isInstanceOf(StorageException.class)
                .isNotInstanceOf(StorageBusyException.class)
                .hasCauseInstanceOf(SQLException.class);
        assertThatThrownBy(() -> storage.snapshot(c -> {
                    try {
                        return count(c, "uow_missing");
                    } catch (SQLException e) {
                        throw new IllegalStateException("wrapped as jOOQ does", e);
                    }
                }))
                .isInstanceOf(StorageException.class)
                .isNotInstanceOf(StorageBusyException.class)
                .hasCauseInstanceOf(SQLException.class);
    }

    @Test
    void aRuntimeExceptionOfASnapshotsWorkIsRethrownAsIsAndTheStorageStaysUsable() {
        SqlStorage storage = open();
        IllegalStateException failure = new IllegalStateException("the work gave up");

        assertThatThrownBy(() -> storage.snapshot(c -> {
                    notes(c);
                    throw failure;
                }))
                .isSameAs(failure);

        assertThat(storage.snapshot(UnitOfWorkContract::notes)).isZero();
    }

    @Test
    void aDoneWriteIsCommittedAndItsSignalDeliveredAfterTheCommit() throws InterruptedException {
        SqlStorage storage = open();
        try (SignalSubscription changes = signals(storage).subscribe(TOPIC)) {

            Outcome<Integer> outcome = storage.write(
                    Isolation.READ_COMMITTED,
                    "uow.note:1",
                    TOPIC,
                    c -> Outcome.done(update(c, "INSERT INTO uow_notes(id, body) VALUES (1, 'kept')")));

            assertThat(outcome).isEqualTo(Outcome.done(1));
            assertThat(changes.await(PATIENCE)).isTrue();
            assertThat(storage.snapshot(UnitOfWorkContract::notes)).isEqualTo(1);
        }
    }

    @Test
    void aRefusedWriteIsRolledBackItsRefusalReturnedAsIsAndNoSignalDelivered() throws InterruptedException {
        SqlStorage storage = open();
        Refusal refusal = new Refusal(ErrorCode.CONFLICT, "the note changed", Map.of("id", 1));
        try (SignalSubscription changes = signals(storage).subscribe(TOPIC)) {

            Outcome<Integer> outcome = storage.write(Isolation.SERIALIZABLE, null, TOPIC, c -> {
                update(c, "INSERT INTO uow_notes(id, body) VALUES (1, 'rolled back')");
                return Outcome.refused(refusal);
            });

            assertThat(outcome).isEqualTo(Outcome.refused(refusal));
            assertThat(changes.await(QUIET)).isFalse();
            assertThat(storage.snapshot(UnitOfWorkContract::notes)).isZero();
        }
    }

    @Test
    void aWriteWithAMalformedTopicIsRefusedBeforeItsWorkRuns() {
        SqlStorage storage = open();

        assertThatThrownBy(() -> storage.write(
                        Isolation.SERIALIZABLE,
                        null,
                        "Not A Topic",
                        c -> Outcome.done(update(c, "INSERT INTO uow_notes(id, body) VALUES (1, 'never')"))))
                .isInstanceOf(IllegalArgumentException.class);

        assertThat(storage.snapshot(UnitOfWorkContract::notes)).isZero();
    }

    private static void insert(SqlStorage storage, int id) {
        storage.transaction(c -> update(c, "INSERT INTO uow_notes(id, body) VALUES (" + id + ", 'n')"));
    }

    private static int update(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.execute(sql) ? 0 : statement.getUpdateCount();
        }
    }

    private static int notes(Connection connection) throws SQLException {
        return count(connection, "uow_notes");
    }

    private static int count(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
