package dev.switchboard.plugin.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.storage.StoredSealingKey;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.transport.SealingKey;

/**
 * The kernel's request-state sealing key on one SQLite file (ADR 46): two processes on one state directory (two
 * storages on one file) draw one key between them, and it survives a restart; a key table dropped by hand is created
 * again with a new key.
 */
class SharedSealingKeyTest {

    @TempDir
    Path stateDir;

    @Test
    void twoStoragesOnOneFileShareOneKeyThatOutlivesThem() {
        byte[] first;
        byte[] second;
        try (Opened a = new Opened(stateDir);
                Opened b = new Opened(stateDir)) {
            first = a.key().current();
            second = b.key().current();
        }
        byte[] afterRestart;
        try (Opened again = new Opened(stateDir)) {
            afterRestart = again.key().current();
        }

        assertThat(first).hasSize(SealingKey.BYTES);
        assertThat(second).isEqualTo(first);
        assertThat(afterRestart).isEqualTo(first);
    }

    @Test
    void aDroppedKeyTableIsCreatedAgainWithANewKeyByARunningNodeAndAStartingOne() {
        try (Opened opened = new Opened(stateDir)) {
            SealingKey running = opened.keyReadEachTime();
            byte[] before = running.current();
            dropKeyTable(opened.storage);

            byte[] recreated = running.current();
            dropKeyTable(opened.storage);
            byte[] afterStart = opened.key().current();

            assertThat(recreated).hasSize(SealingKey.BYTES).isNotEqualTo(before);
            assertThat(afterStart).hasSize(SealingKey.BYTES).isNotEqualTo(recreated);
            assertThat(running.current()).as("every node reads the one new key").isEqualTo(afterStart);
        }
    }

    @Test
    void aKeyRowThatIsNoKeyFailsWithAClientMessageNamingNoPath() {
        try (Opened opened = new Opened(stateDir)) {
            opened.key().current();
            opened.storage.transaction(connection -> {
                try (var statement = connection.createStatement()) {
                    return statement.executeUpdate("UPDATE switchboard_sealing_key SET sealing = 'short'");
                }
            });

            assertThatThrownBy(opened.key()::current).isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.getMessage()).contains("switchboard_sealing_key", "delete its row");
                assertThat(e.clientMessage()).doesNotContain(stateDir.toString(), ".db");
            });
        }
    }

    private static void dropKeyTable(SqlStorage storage) {
        storage.transaction(connection -> {
            try (var statement = connection.createStatement()) {
                return statement.executeUpdate("DROP TABLE switchboard_sealing_key");
            }
        });
    }

    private static final class Opened implements AutoCloseable {
        private final SqliteStorageProvider provider;
        private final SqlStorage storage;

        Opened(Path stateDir) {
            provider = new SqliteStorageProvider(new PluginContext("storage-sqlite", Map.of(), stateDir));
            storage = provider.open();
        }

        SealingKey key() {
            return new StoredSealingKey(() -> storage, Clock.systemUTC(), StoredSealingKey.REFRESH);
        }

        /** A node that reads the key at every use, as any node does once its refresh period ran out. */
        SealingKey keyReadEachTime() {
            return new StoredSealingKey(() -> storage, Clock.systemUTC(), Duration.ZERO);
        }

        @Override
        public void close() {
            provider.close();
        }
    }
}
