package dev.switchboard.testkit.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SchemaTooNewException;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageBusyException;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * What every storage adapter promises through {@link StorageProvider} and {@link SqlStorage}, as JUnit tests: a
 * storage adapter's test class extends this and says how to make a provider. The SQL used is portable (SQLite and
 * PostgreSQL): {@code INTEGER}, {@code TEXT}, {@code PRIMARY KEY}, {@code REFERENCES}, {@code count(*)}.
 *
 * <pre>{@code
 * class SqliteStorageContractTest extends SqlStorageContract {
 *     @Override
 *     protected StorageProvider provider(Path stateDir) {
 *         return new SqliteStorageProvider(new PluginContext("storage-sqlite", Map.of(), stateDir));
 *     }
 * }
 * }</pre>
 *
 * <p>Covered: commit and rollback (on {@link SQLException} and on a {@link RuntimeException}, which is rethrown as
 * is), the storage usable after a rollback, concurrent writers without lost updates and with their writes visible
 * once {@code transaction} returns (group commit included), a failing work among concurrent ones losing only its own
 * writes with its caller told its own error, numbers allocated from one row by writers of two storages on one
 * database (two nodes) unique and gap-free at either isolation, migrations applied once, in version order, recorded
 * across a reopen and kept apart per owner, a failing migration rolled back alone, a newer schema refused untouched,
 * and a changed applied migration refused.
 */
public abstract class SqlStorageContract {

    /** The owner the contract's migrations are recorded under. */
    protected static final String OWNER = "contract";

    private static final Migration NOTES = new Migration(1, "create notes", """
            CREATE TABLE contract_notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            INSERT INTO contract_notes(id, body) VALUES (1, 'first; with a semicolon');
            """);
    private static final Migration TAGS = new Migration(
            2,
            "create tags",
            "CREATE TABLE contract_tags(note_id INTEGER NOT NULL REFERENCES contract_notes(id), tag TEXT NOT NULL);");
    private static final Migration INDEX =
            new Migration(3, "index tags", "CREATE INDEX contract_tags_by_tag ON contract_tags(tag);");
    private static final int WRITERS = 16;
    private static final int WRITES_PER_WRITER = 10;

    @TempDir
    private Path stateDir;

    private final List<StorageProvider> opened = new ArrayList<>();

    /**
     * @param stateDir the server's state directory, the same for every call of one test: two providers made for one
     *                 directory open the same database
     * @return a new, unopened provider of the adapter under test
     */
    protected abstract StorageProvider provider(Path stateDir);

    /** @return a storage opened by a new provider on this test's database; closed after the test */
    protected final SqlStorage open() {
        StorageProvider provider = provider(stateDir);
        opened.add(provider);
        return provider.open();
    }

    /** @return the storage after closing every one opened so far: what a restarted server sees */
    protected final SqlStorage reopen() {
        closeAll();
        return open();
    }

    @AfterEach
    final void closeAll() {
        opened.forEach(StorageProvider::close);
        opened.clear();
    }

    @Test
    void aTransactionIsCommittedWhenItsWorkReturns() throws SQLException {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES));

        int inserted = storage.transaction(c -> update(c, "INSERT INTO contract_notes(id, body) VALUES (2, 'b')"));

        assertThat(inserted).isEqualTo(1);
        assertThat(count(storage.dataSource(), "contract_notes")).isEqualTo(2);
        assertThat(count(reopen().dataSource(), "contract_notes")).isEqualTo(2);
    }

    @Test
    void aTransactionIsRolledBackAndItsSqlExceptionTranslatedWhenItsWorkFails() throws SQLException {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES));

        assertThatThrownBy(() -> storage.transaction(c -> {
                    update(c, "INSERT INTO contract_notes(id, body) VALUES (2, 'b')");
                    return update(c, "INSERT INTO contract_notes(id, body) VALUES (2, 'duplicate key')");
                }))
                .isInstanceOf(StorageException.class)
                .hasCauseInstanceOf(SQLException.class);

        assertThat(count(storage.dataSource(), "contract_notes")).isEqualTo(1);
    }

    @Test
    void aRuntimeExceptionFromTheWorkRollsBackAndIsRethrownAsIs() throws SQLException {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES));
        IllegalStateException failure = new IllegalStateException("the work gave up");

        assertThatThrownBy(() -> storage.transaction(c -> {
                    update(c, "INSERT INTO contract_notes(id, body) VALUES (2, 'b')");
                    throw failure;
                }))
                .isSameAs(failure);

        assertThat(count(storage.dataSource(), "contract_notes")).isEqualTo(1);
    }

    @Test
    void theStorageStaysUsableAfterARollback() throws SQLException {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES));
        assertThatThrownBy(() -> storage.transaction(c -> {
                    update(c, "INSERT INTO contract_notes(id, body) VALUES (2, 'b')");
                    throw new SQLException("the work gave up");
                }))
                .isInstanceOf(StorageException.class);

        storage.transaction(c -> update(c, "INSERT INTO contract_notes(id, body) VALUES (3, 'c')"));

        assertThat(count(storage.dataSource(), "contract_notes")).isEqualTo(2);
    }

    @Test
    void concurrentWritersLoseNoUpdateAndEachSeesItsWriteOnceTheTransactionReturns() throws Exception {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(new Migration(1, "create counter", """
                CREATE TABLE contract_counter(n INTEGER NOT NULL);
                INSERT INTO contract_counter(n) VALUES (0);
                CREATE TABLE contract_log(writer INTEGER NOT NULL, i INTEGER NOT NULL);
                """)));
        List<Future<Integer>> writers = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(threads.submit(() -> writeAndReadBack(storage, writer)));
            }
        }

        for (Future<Integer> writer : writers) {
            assertThat(writer.get()).isEqualTo(WRITES_PER_WRITER);
        }
        assertThat(number(storage.dataSource(), "SELECT n FROM contract_counter"))
                .isEqualTo(WRITERS * WRITES_PER_WRITER);
        assertThat(count(storage.dataSource(), "contract_log")).isEqualTo(WRITERS * WRITES_PER_WRITER);
    }

    /** Read-modify-write increments (lost updates would show), each followed by a read of its own log row. */
    private static int writeAndReadBack(SqlStorage storage, int writer) throws SQLException {
        int seen = 0;
        for (int i = 0; i < WRITES_PER_WRITER; i++) {
            int round = i;
            storage.transaction(c -> {
                int n = number(c, "SELECT n FROM contract_counter");
                update(c, "UPDATE contract_counter SET n = " + (n + 1));
                return update(c, "INSERT INTO contract_log(writer, i) VALUES (" + writer + ", " + round + ")");
            });
            seen += number(
                    storage.dataSource(),
                    "SELECT count(*) FROM contract_log WHERE writer = " + writer + " AND i = " + round);
        }
        return seen;
    }

    @Test
    void aFailingWorkAmongConcurrentWorksLosesOnlyItsOwnWritesAndItsCallerGetsItsOwnError() throws Exception {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES));
        int rounds = 10;
        List<Future<String>> outcomes = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            // all writers of a round start together, so that adapters with group commit share transactions
            CountDownLatch start = new CountDownLatch(1);
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int w = 0; w < WRITERS; w++) {
                    int id = 100 + round * WRITERS + w;
                    outcomes.add(threads.submit(() -> {
                        start.await();
                        return writeOrFail(storage, id);
                    }));
                }
                start.countDown();
            }
        }

        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            int id = 100 + i;
            assertThat(outcomes.get(i).get()).isEqualTo(expectedOutcome(id));
            if (id % 3 == 0) {
                kept.add(id);
            }
        }
        assertThat(ids(storage.dataSource(), "SELECT id FROM contract_notes WHERE id >= 100 ORDER BY id"))
                .isEqualTo(kept);
    }

    /** Id divisible by 3 commits; otherwise it writes, then fails by a duplicate key or by the work's own refusal. */
    private static String writeOrFail(SqlStorage storage, int id) {
        try {
            storage.transaction(c -> {
                update(c, "INSERT INTO contract_notes(id, body) VALUES (" + id + ", 'x')");
                if (id % 3 == 1) {
                    update(c, "INSERT INTO contract_notes(id, body) VALUES (" + id + ", 'duplicate key')");
                } else if (id % 3 == 2) {
                    throw new IllegalArgumentException("refused " + id);
                }
                return null;
            });
            return "committed " + id;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        } catch (StorageException e) {
            return "database refused " + id;
        }
    }

    private static String expectedOutcome(int id) {
        return switch (id % 3) {
            case 0 -> "committed " + id;
            case 1 -> "database refused " + id;
            default -> "refused " + id;
        };
    }

    @Test
    void numbersAllocatedByConcurrentWritersOnTwoNodesAreUniqueAndGapFree() throws Exception {
        SqlStorage nodeA = open();
        nodeA.migrate(OWNER, List.of(new Migration(1, "create sequence", """
                CREATE TABLE contract_sequence(next INTEGER NOT NULL);
                INSERT INTO contract_sequence(next) VALUES (0);
                CREATE TABLE contract_taken(n INTEGER NOT NULL);
                """)));
        SqlStorage nodeB = open();
        int perWriter = 15;
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Object>> writers = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < 8; w++) {
                SqlStorage node = w % 2 == 0 ? nodeA : nodeB;
                // half read then write (SERIALIZABLE's promise), half lock the row (READ_COMMITTED's)
                Isolation isolation = w % 4 < 2 ? Isolation.SERIALIZABLE : Isolation.READ_COMMITTED;
                writers.add(threads.submit(() -> {
                    start.await();
                    for (int i = 0; i < perWriter; i++) {
                        SqlWork<Integer> take = c -> {
                            int n = isolation == Isolation.SERIALIZABLE
                                    ? number(c, "SELECT next FROM contract_sequence") + 1
                                    : number(c, "UPDATE contract_sequence SET next = next + 1 RETURNING next");
                            if (isolation == Isolation.SERIALIZABLE) {
                                update(c, "UPDATE contract_sequence SET next = " + n);
                            }
                            return update(c, "INSERT INTO contract_taken(n) VALUES (" + n + ")");
                        };
                        // "busy, rolled back, try again" is a refusal the contract allows under contention (a loaded
                        // host can exhaust an adapter's own retries); the caller tries again, as a client would
                        for (int tries = 1; ; tries++) {
                            try {
                                node.transaction(isolation, take);
                                break;
                            } catch (StorageBusyException busy) {
                                if (tries == 20) {
                                    throw busy;
                                }
                            }
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
        }
        for (Future<Object> writer : writers) {
            writer.get(); // a writer's refusal fails the test with its own message
        }

        List<Integer> expected = new ArrayList<>();
        for (int n = 1; n <= 8 * perWriter; n++) {
            expected.add(n);
        }
        assertThat(ids(nodeB.dataSource(), "SELECT n FROM contract_taken ORDER BY n"))
                .isEqualTo(expected);
    }

    @Test
    void migrationsAreAppliedOnceInVersionOrderAndRecordedAcrossARestart() throws SQLException {
        SqlStorage storage = open();
        assertThat(storage.migrate(OWNER, List.of(NOTES))).isEqualTo(1);
        assertThat(storage.migrate(OWNER, List.of(NOTES))).isEqualTo(1);

        // given out of order: TAGS references the table NOTES creates, INDEX the one TAGS creates
        SqlStorage restarted = reopen();
        assertThat(restarted.migrate(OWNER, List.of(INDEX, TAGS, NOTES))).isEqualTo(3);
        assertThat(reopen().migrate(OWNER, List.of(NOTES, TAGS, INDEX))).isEqualTo(3);

        // NOTES inserts a row: applied twice, there would be two (or a key violation)
        assertThat(count(reopen().dataSource(), "contract_notes")).isEqualTo(1);
    }

    @Test
    void ownersAreVersionedApart() throws SQLException {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES, TAGS));

        assertThat(storage.migrate(
                        "contract_other",
                        List.of(new Migration(1, "create other", "CREATE TABLE contract_other(x INTEGER);"))))
                .isEqualTo(1);
        assertThat(storage.migrate(OWNER, List.of(NOTES, TAGS))).isEqualTo(2);
        assertThat(count(storage.dataSource(), "contract_other")).isZero();
    }

    @Test
    void aFailingMigrationIsRolledBackAndTheEarlierOnesStay() throws SQLException {
        SqlStorage storage = open();
        Migration broken = new Migration(
                2, "half done", "CREATE TABLE contract_half(x INTEGER);\nINSERT INTO contract_missing(x) VALUES (1);");

        assertThatThrownBy(() -> storage.migrate(OWNER, List.of(NOTES, broken)))
                .isInstanceOf(StorageException.class)
                .isNotInstanceOf(SchemaTooNewException.class);

        assertThat(count(storage.dataSource(), "contract_notes")).isEqualTo(1);
        assertThat(tableExists(storage.dataSource(), "contract_half")).isFalse();
        assertThat(storage.migrate(OWNER, List.of(NOTES))).isEqualTo(1);
    }

    @Test
    void aDatabaseWithANewerSchemaIsRefusedAndLeftUntouched() throws SQLException {
        open().migrate(OWNER, List.of(NOTES, TAGS));
        SqlStorage older = reopen();

        assertThatThrownBy(() -> older.migrate(OWNER, List.of(NOTES)))
                .isInstanceOfSatisfying(SchemaTooNewException.class, e -> {
                    assertThat(e.owner()).isEqualTo(OWNER);
                    assertThat(e.databaseVersion()).isEqualTo(2);
                    assertThat(e.knownVersion()).isEqualTo(1);
                });

        assertThat(tableExists(older.dataSource(), "contract_tags")).isTrue();
        assertThat(reopen().migrate(OWNER, List.of(NOTES, TAGS))).isEqualTo(2);
    }

    @Test
    void aChangedAppliedMigrationIsRefusedAndNothingAfterItApplied() throws SQLException {
        SqlStorage storage = open();
        storage.migrate(OWNER, List.of(NOTES));
        Migration changed =
                new Migration(1, "create notes", "CREATE TABLE contract_notes(id INTEGER PRIMARY KEY, body TEXT);");

        assertThatThrownBy(() -> reopen().migrate(OWNER, List.of(changed, TAGS)))
                .isInstanceOf(StorageException.class)
                .isNotInstanceOf(SchemaTooNewException.class)
                .hasMessageContaining(OWNER);

        assertThat(tableExists(open().dataSource(), "contract_tags")).isFalse();
    }

    /**
     * @param connection a connection
     * @param sql        one statement
     * @return the update count
     * @throws SQLException if the database refuses it
     */
    protected static int update(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            return statement.executeUpdate(sql);
        }
    }

    /**
     * @param connection a connection
     * @param query      a query whose first column of the first row is a whole number
     * @return that number
     * @throws SQLException if the database refuses it
     */
    protected static int number(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            result.next();
            return result.getInt(1);
        }
    }

    private static int number(DataSource dataSource, String query) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            return number(connection, query);
        }
    }

    private static List<Integer> ids(DataSource dataSource, String query) throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (Connection connection = dataSource.getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                ids.add(rows.getInt(1));
            }
        }
        return ids;
    }

    private static int count(DataSource dataSource, String table) throws SQLException {
        return number(dataSource, "SELECT count(*) FROM " + table);
    }

    /** Portable: a query on a missing table fails on every backend. */
    private static boolean tableExists(DataSource dataSource, String table) {
        try {
            count(dataSource, table);
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
