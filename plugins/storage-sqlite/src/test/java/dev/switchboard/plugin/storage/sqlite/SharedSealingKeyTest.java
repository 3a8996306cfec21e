package dev.switchboard.plugin.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Clock;
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
 * storages on one file) draw one key between them, and it survives a restart.
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
    void aDroppedKeyTableFailsWithAClientMessageNamingNoPath() {
        try (Opened opened = new Opened(stateDir)) {
            SealingKey key = opened.key();
            key.current();
            opened.storage.transaction(connection -> {
                try (var statement = connection.createStatement()) {
                    return statement.executeUpdate("DROP TABLE switchboard_sealing_key");
                }
            });

            SealingKey fresh = opened.key();
            assertThatThrownBy(fresh::current).isInstanceOfSatisfying(StorageException.class, e -> {
                assertThat(e.getMessage()).contains("switchboard_sealing_key");
                assertThat(e.clientMessage()).contains("no such table").doesNotContain(stateDir.toString(), ".db");
            });
        }
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

        @Override
        public void close() {
            provider.close();
        }
    }
}
