package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

import dev.switchboard.kernel.storage.CopyRefusedException;
import dev.switchboard.kernel.storage.KernelMigrations;
import dev.switchboard.kernel.storage.StorageCopy;
import dev.switchboard.kernel.storage.StoredSealingKey;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.transport.SealingKey;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The kernel's request-state sealing key on a real PostgreSQL shared by two nodes (two storages, each with its own
 * pool and state directory, ADR 46; one database for the class, the kernel's table dropped before each test): the
 * first use on either node draws one key for both, a rotation (the row deleted) reaches each node once its refresh
 * period is over, a damaged key is refused with what to do, and {@code storage copy} takes the kernel's schema but
 * not its key.
 */
class SharedSealingKeyTest {

    @TempDir
    static Path dir;

    private static TestDatabase database;
    private static PostgresStorageProvider providerA;
    private static PostgresStorageProvider providerB;
    private static SqlStorage storageA;
    private static SqlStorage storageB;

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-12-03T09:00:00Z"));
    private SealingKey nodeA;
    private SealingKey nodeB;

    @BeforeAll
    static void twoNodesOnOneDatabase() {
        database = TestPostgres.database();
        providerA = provider("node-a");
        providerB = provider("node-b");
        storageA = providerA.open();
        storageB = providerB.open();
    }

    /** Each test starts from a store that never held a key, with nodes that never read one. */
    @BeforeEach
    void noKeyYet() throws SQLException {
        execute("DROP TABLE IF EXISTS switchboard_sealing_key");
        execute("DO $$ BEGIN IF to_regclass('switchboard_schema_version') IS NOT NULL THEN"
                + " DELETE FROM switchboard_schema_version WHERE owner = 'kernel'; END IF; END $$");
        nodeA = key(storageA);
        nodeB = key(storageB);
    }

    @AfterAll
    static void close() {
        providerA.close();
        providerB.close();
    }

    @Test
    void concurrentFirstUsesOnTwoNodesAgreeOnOneStoredKey() throws Exception {
        List<byte[]> keys = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<byte[]>> firstUses = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                SealingKey node = i % 2 == 0 ? nodeA : nodeB;
                firstUses.add(pool.submit(node::current));
            }
            for (Future<byte[]> use : firstUses) {
                keys.add(use.get());
            }
        }

        assertThat(keys.getFirst()).hasSize(SealingKey.BYTES);
        assertThat(keys).allSatisfy(key -> assertThat(key).isEqualTo(keys.getFirst()));
        assertThat(count("SELECT count(*) FROM switchboard_sealing_key")).isEqualTo(1);
        assertThat(count("SELECT max(version) FROM switchboard_schema_version WHERE owner = 'kernel'"))
                .isEqualTo(1);
    }

    @Test
    void aRotatedKeyReachesEachNodeOnceItsRefreshPeriodIsOver() throws SQLException {
        byte[] before = nodeA.current();
        assertThat(nodeB.current()).isEqualTo(before);

        execute("DELETE FROM switchboard_sealing_key");
        byte[] stillHeld = nodeB.current();
        now.set(now.get().plus(Duration.ofSeconds(61)));
        byte[] drawnByB = nodeB.current();
        byte[] readByA = nodeA.current();

        assertThat(stillHeld).as("within the refresh period").isEqualTo(before);
        assertThat(drawnByB).hasSize(SealingKey.BYTES).isNotEqualTo(before);
        assertThat(readByA).isEqualTo(drawnByB);
    }

    @Test
    void aKeyTableDroppedByHandIsCreatedAgainWithANewKeyThatEveryNodeReads() throws SQLException {
        byte[] before = nodeA.current();
        execute("DROP TABLE switchboard_sealing_key");
        now.set(now.get().plus(Duration.ofSeconds(61)));

        byte[] drawnByA = nodeA.current();
        byte[] readByB = nodeB.current();

        assertThat(drawnByA).hasSize(SealingKey.BYTES).isNotEqualTo(before);
        assertThat(readByB).isEqualTo(drawnByA);
    }

    @Test
    void aDamagedStoredKeyIsRefusedNamingTheTableAndTheRemedy() throws SQLException {
        nodeA.current();
        execute("UPDATE switchboard_sealing_key SET sealing = 'c2hvcnQ'");
        now.set(now.get().plus(Duration.ofSeconds(61)));

        assertThatThrownBy(nodeA::current)
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("switchboard_sealing_key")
                .hasMessageContaining("delete its row");
    }

    @Test
    void storageCopyNeedsTheKernelsMigrationsAndLeavesTheKeyBehind() throws SQLException {
        byte[] sourceKey = nodeA.current();
        TestDatabase target = TestPostgres.database();
        PostgresStorageProvider targetProvider = new PostgresStorageProvider(
                new PluginContext("storage-postgres", target.settings(), dir.resolve("copy-target")), Map.of());
        try {
            PGSimpleDataSource from = new PGSimpleDataSource();
            from.setURL(database.url());
            from.setUser(database.user());
            SqlStorage opened = targetProvider.open();

            assertThatThrownBy(() -> new StorageCopy(from, opened, Map.of(), List.of()).run())
                    .isInstanceOf(CopyRefusedException.class)
                    .hasMessageContaining("'kernel'");
            new StorageCopy(from, opened, Map.of(KernelMigrations.OWNER, KernelMigrations.all()), List.of()).run();
            long copiedKeys;
            try (Connection connection = target.connect();
                    Statement statement = connection.createStatement();
                    ResultSet rows = statement.executeQuery("SELECT count(*) FROM switchboard_sealing_key")) {
                rows.next();
                copiedKeys = rows.getLong(1);
            }
            byte[] targetKey = key(opened).current();

            assertThat(copiedKeys).as("no key copied").isZero();
            assertThat(targetKey).hasSize(SealingKey.BYTES).isNotEqualTo(sourceKey);
        } finally {
            targetProvider.close();
        }
    }

    private SealingKey key(SqlStorage storage) {
        Clock clock = new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now.get();
            }
        };
        return new StoredSealingKey(() -> storage, clock, StoredSealingKey.REFRESH);
    }

    private static PostgresStorageProvider provider(String name) {
        return new PostgresStorageProvider(
                new PluginContext("storage-postgres", database.settings(), dir.resolve(name)), Map.of());
    }

    private static long count(String sql) throws SQLException {
        try (Connection connection = database.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static void execute(String sql) throws SQLException {
        try (Connection connection = database.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
