package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.storage.Isolation;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The adapter's group commit, made deterministic: works hold every batch slot of a lane open, so the works sent
 * meanwhile queue up and then run as ONE shared transaction (one transaction id), back to back without savepoints; a
 * failing work rolls the batch back, and the others run again together; works of one affinity (hot row) are kept
 * out of concurrent batches and join the batch that holds it before its commit.
 */
class GroupCommitTest {

    private static final int QUEUED = 6;

    private TestDatabase database;
    private PostgresSqlStorage storage;
    private ExecutorService threads;

    @BeforeEach
    void open() {
        database = TestPostgres.database();
        storage = PostgresSqlStorage.open(new PostgresConfig(
                database.url(),
                Optional.of(database.user()),
                Optional.empty(),
                "public",
                10,
                5000,
                5000,
                2000,
                30_000));
        storage.migrate("group", List.of(new Migration(1, "create rows", """
                CREATE TABLE group_row(id INTEGER PRIMARY KEY, txid BIGINT NOT NULL);
                CREATE TABLE group_seq(n INTEGER NOT NULL);
                INSERT INTO group_seq VALUES (0);
                """)));
        threads = Executors.newVirtualThreadPerTaskExecutor();
    }

    @AfterEach
    void close() {
        threads.shutdownNow();
        storage.close();
    }

    @Test
    void worksQueuedWhileCommitsAreInFlightShareOneTransactionAndEachCommits() throws Exception {
        List<Future<Long>> queued = whileEverySlotIsHeld(Isolation.READ_COMMITTED, id -> c -> insert(c, id));

        List<Long> txids = new ArrayList<>();
        for (Future<Long> work : queued) {
            txids.add(work.get(10, TimeUnit.SECONDS));
        }
        assertThat(txids).hasSize(QUEUED).containsOnly(txids.getFirst());
        assertThat(number("SELECT count(*) FROM group_row WHERE id >= 100")).isEqualTo(QUEUED);
        assertThat(storage.statistics().orElseThrow().committed()).isEqualTo(QUEUED + storage.batchesInFlight());
    }

    @Test
    void aFailingWorkInASharedTransactionLosesOnlyItsOwnWritesAndGetsItsOwnError() throws Exception {
        IllegalStateException refusal = new IllegalStateException("refused by the work");
        List<Future<Long>> queued = whileEverySlotIsHeld(Isolation.SERIALIZABLE, id -> c -> {
            long txid = insert(c, id);
            if (id == 101) {
                throw refusal;
            }
            if (id == 103) {
                insert(c, id); // a duplicate key: the database fails the work after its first write
            }
            return txid;
        });

        List<Long> committed = new ArrayList<>();
        for (int i = 0; i < QUEUED; i++) {
            Future<Long> work = queued.get(i);
            if (i == 1) {
                assertThatThrownBy(() -> work.get(10, TimeUnit.SECONDS)).hasCause(refusal);
            } else if (i == 3) {
                assertThatThrownBy(() -> work.get(10, TimeUnit.SECONDS))
                        .cause()
                        .isInstanceOf(StorageException.class)
                        .hasMessageContaining("duplicate key");
            } else {
                committed.add(work.get(10, TimeUnit.SECONDS));
            }
        }
        assertThat(committed).hasSize(QUEUED - 2).containsOnly(committed.getFirst());
        assertThat(ids()).containsExactly(1, 2, 3, 4, 100, 102, 104, 105);
    }

    @Test
    void aFailingFirstWorkRunsOnceAndALaterFailingWorkRunsAgainAloneWhileTheOthersCommitTogether() throws Exception {
        AtomicInteger runsOfTheFirst = new AtomicInteger();
        AtomicInteger runsOfTheLater = new AtomicInteger();
        List<Future<Long>> queued = whileEverySlotIsHeld(Isolation.READ_COMMITTED, id -> c -> {
            long txid = insert(c, id);
            if (id == 100) {
                runsOfTheFirst.incrementAndGet();
                throw new IllegalStateException("the first refuses");
            }
            if (id == 102) {
                runsOfTheLater.incrementAndGet();
                throw new IllegalStateException("a later one refuses");
            }
            return txid;
        });

        assertThatThrownBy(() -> queued.get(0).get(10, TimeUnit.SECONDS)).hasMessageContaining("the first refuses");
        assertThatThrownBy(() -> queued.get(2).get(10, TimeUnit.SECONDS)).hasMessageContaining("a later one refuses");
        List<Long> committed = new ArrayList<>();
        for (int i : new int[] {1, 3, 4, 5}) {
            committed.add(queued.get(i).get(10, TimeUnit.SECONDS));
        }
        assertThat(committed).containsOnly(committed.getFirst());
        assertThat(runsOfTheFirst).hasValue(1);
        assertThat(runsOfTheLater).hasValue(2);
        assertThat(ids()).containsExactly(1, 2, 3, 4, 101, 103, 104, 105);
    }

    @Test
    void aWorkThatSwallowsADatabaseErrorInASharedTransactionFailsAndTheOthersCommitTogether() throws Exception {
        List<Future<Long>> queued = whileEverySlotIsHeld(Isolation.READ_COMMITTED, id -> c -> {
            long txid = insert(c, id);
            if (id == 102) {
                try {
                    insert(c, id); // a duplicate key, caught: PostgreSQL has failed the transaction nonetheless
                } catch (SQLException swallowed) {
                    // the work goes on as if nothing happened
                }
            }
            return txid;
        });

        assertThatThrownBy(() -> queued.get(2).get(10, TimeUnit.SECONDS))
                .cause()
                .isInstanceOf(StorageException.class);
        List<Long> committed = new ArrayList<>();
        for (int i : new int[] {0, 1, 3, 4, 5}) {
            committed.add(queued.get(i).get(10, TimeUnit.SECONDS));
        }
        assertThat(committed).containsOnly(committed.getFirst());
        assertThat(ids()).containsExactly(1, 2, 3, 4, 100, 101, 103, 104, 105);
    }

    @Test
    void aSerializationFailureInASharedTransactionRunsEveryWorkAgainAloneAndCommitsEachOnce() throws Exception {
        AtomicInteger runsOfTheFailingOne = new AtomicInteger();
        List<Future<Long>> queued = whileEverySlotIsHeld(Isolation.SERIALIZABLE, id -> c -> {
            long txid = insert(c, id);
            if (id == 102 && runsOfTheFailingOne.incrementAndGet() == 1) {
                throw new SQLException("could not serialize access (provoked)", "40001");
            }
            return txid;
        });

        List<Long> txids = new ArrayList<>();
        for (Future<Long> work : queued) {
            txids.add(work.get(10, TimeUnit.SECONDS));
        }
        assertThat(txids).doesNotHaveDuplicates();
        assertThat(ids()).containsExactly(1, 2, 3, 4, 100, 101, 102, 103, 104, 105);
        assertThat(runsOfTheFailingOne).hasValue(2);
    }

    @Test
    void aWorkThatSetsItsIsolationItselfInASharedTransactionRunsAloneAndCommits() throws Exception {
        List<Future<Long>> queued = whileEverySlotIsHeld(Isolation.SERIALIZABLE, id -> c -> {
            if (id == 102) {
                try (Statement statement = c.createStatement()) {
                    statement.execute("SET TRANSACTION ISOLATION LEVEL READ COMMITTED");
                }
            }
            return insert(c, id);
        });

        List<Long> txids = new ArrayList<>();
        for (Future<Long> work : queued) {
            txids.add(work.get(10, TimeUnit.SECONDS));
        }
        long lone = txids.remove(2);
        assertThat(txids).containsOnly(txids.getFirst()).doesNotContain(lone);
        assertThat(ids()).containsExactly(1, 2, 3, 4, 100, 101, 102, 103, 104, 105);
    }

    @Test
    void aWorkAloneThatSwallowsADatabaseErrorIsToldItsTransactionRolledBackNotCommitted() {
        assertThatThrownBy(() -> storage.transaction(Isolation.READ_COMMITTED, c -> {
                    insert(c, 8);
                    try {
                        insert(c, 8);
                    } catch (SQLException swallowed) {
                        // a COMMIT now would silently roll back
                    }
                    return 0L;
                }))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("rolled back");
        assertThat(ids()).isEmpty();
    }

    @Test
    void aWorkAloneRunsInATransactionOfItsOwnWithoutWaiting() {
        long txid = storage.transaction(Isolation.READ_COMMITTED, c -> insert(c, 7));

        assertThat(txid).isPositive();
        assertThat(storage.queuedUnits(Isolation.READ_COMMITTED)).isZero();
        assertThat(ids()).containsExactly(7);
    }

    @Test
    void worksOfOneAffinityQueuedWhileABatchHoldsItJoinThatBatchBeforeItsCommitWhileOthersUseTheFreeSlots()
            throws Exception {
        AtomicInteger runsOfTheHolder = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        Future<Long> holder = holding("row-p", release, runsOfTheHolder);
        assertThat(storage.batchesInFlight()).isGreaterThan(1); // free slots the same affinity must not take

        List<Future<Long>> sameRow = queueOnRow("row-p", id -> c -> insert(c, id));
        long otherRow = storage.transaction(Isolation.READ_COMMITTED, "row-q", c -> insert(c, 200));
        long noRow = storage.transaction(Isolation.READ_COMMITTED, c -> insert(c, 201));

        assertThat(storage.queuedUnits(Isolation.READ_COMMITTED)).isEqualTo(3);
        assertThat(holder).isNotDone();
        release.countDown();
        long held = holder.get(10, TimeUnit.SECONDS);
        List<Long> txids = new ArrayList<>();
        for (Future<Long> work : sameRow) {
            txids.add(work.get(10, TimeUnit.SECONDS));
        }
        assertThat(txids).containsOnly(held).doesNotContain(otherRow, noRow);
        assertThat(runsOfTheHolder).hasValue(1);
        assertThat(ids()).containsExactly(1, 100, 101, 102, 200, 201);
        assertThat(storage.statistics().orElseThrow().committed()).isEqualTo(6);
    }

    @Test
    void aFailingWorkThatJoinedABatchGetsItsOwnErrorAndTheBatchCommitsTheRestTogether() throws Exception {
        AtomicInteger runsOfTheHolder = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        Future<Long> holder = holding("row-p", release, runsOfTheHolder);
        List<Future<Long>> sameRow = queueOnRow("row-p", id -> c -> {
            long txid = insert(c, id);
            if (id == 101) {
                throw new IllegalStateException("the joiner refuses");
            }
            return txid;
        });

        release.countDown();
        long held = holder.get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> sameRow.get(1).get(10, TimeUnit.SECONDS)).hasMessageContaining("the joiner refuses");
        assertThat(sameRow.get(0).get(10, TimeUnit.SECONDS)).isEqualTo(held);
        assertThat(sameRow.get(2).get(10, TimeUnit.SECONDS)).isEqualTo(held);
        assertThat(runsOfTheHolder).hasValue(2); // the pass the joiner failed was rolled back and run again
        assertThat(ids()).containsExactly(1, 100, 102);
    }

    /** Starts a work of {@code affinity} that inserts row 1 and waits inside its transaction for {@code release}. */
    private Future<Long> holding(String affinity, CountDownLatch release, AtomicInteger runs) throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        Future<Long> holder = threads.submit(() -> storage.transaction(Isolation.READ_COMMITTED, affinity, c -> {
            runs.incrementAndGet();
            long txid = insert(c, 1);
            inside.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new SQLException("interrupted", e);
            }
            return txid;
        }));
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        return holder;
    }

    /** Sends works 100 to 102 of {@code affinity}, each from a thread of its own, and waits until all three queue. */
    private List<Future<Long>> queueOnRow(String affinity, IntFunction<SqlWork<Long>> work) throws Exception {
        List<Future<Long>> queued = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int id = 100 + i;
            queued.add(threads.submit(() -> storage.transaction(Isolation.READ_COMMITTED, affinity, work.apply(id))));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (storage.queuedUnits(Isolation.READ_COMMITTED) < i + 1 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        }
        assertThat(storage.queuedUnits(Isolation.READ_COMMITTED)).isEqualTo(3);
        return queued;
    }

    /**
     * Holds every batch slot of the lane with works 1, 2, ... (each waits inside its transaction), sends works 100 to
     * 105 from threads of their own, waits until all six queue, then lets the holders commit.
     *
     * @return the six works' results, in the order they were sent
     */
    private List<Future<Long>> whileEverySlotIsHeld(Isolation isolation, IntFunction<SqlWork<Long>> work)
            throws Exception {
        int slots = storage.batchesInFlight();
        CountDownLatch inside = new CountDownLatch(slots);
        CountDownLatch release = new CountDownLatch(1);
        List<Future<Long>> holders = new ArrayList<>();
        for (int id = 1; id <= slots; id++) {
            int holder = id;
            holders.add(threads.submit(() -> storage.transaction(isolation, c -> {
                long txid = insert(c, holder);
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new SQLException("interrupted", e);
                }
                return txid;
            })));
        }
        assertThat(inside.await(10, TimeUnit.SECONDS)).isTrue();
        List<Future<Long>> queued = new ArrayList<>();
        for (int i = 0; i < QUEUED; i++) {
            int id = 100 + i;
            queued.add(threads.submit(() -> storage.transaction(isolation, work.apply(id))));
            // in order: each is queued before the next is sent
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (storage.queuedUnits(isolation) < i + 1 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        }
        assertThat(storage.queuedUnits(isolation)).isEqualTo(QUEUED);
        release.countDown();
        for (Future<Long> holder : holders) {
            holder.get(10, TimeUnit.SECONDS);
        }
        return queued;
    }

    private static long insert(Connection connection, int id) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.executeUpdate("INSERT INTO group_row(id, txid) VALUES (" + id + ", txid_current())");
            try (ResultSet row = statement.executeQuery("SELECT txid_current()")) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    private List<Integer> ids() {
        List<Integer> ids = new ArrayList<>();
        try (Connection connection = storage.dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM group_row ORDER BY id")) {
            while (rows.next()) {
                ids.add(rows.getInt(1));
            }
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        return ids;
    }

    private int number(String query) throws SQLException {
        try (Connection connection = storage.dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(query)) {
            row.next();
            return row.getInt(1);
        }
    }
}
