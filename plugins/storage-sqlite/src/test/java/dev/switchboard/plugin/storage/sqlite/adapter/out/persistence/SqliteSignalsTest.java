package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.signal.SignalFanout;
import dev.switchboard.ports.signal.SignalSubscription;

/** What the SQLite adapter adds to the signal contract: no polling while nobody listens, and group commits. */
class SqliteSignalsTest {

    @TempDir
    private Path dir;

    private SqliteSqlStorage storage;
    private SignalFanout signals;

    @AfterEach
    void close() {
        if (signals != null) {
            signals.close();
        }
        if (storage != null) {
            storage.close();
        }
    }

    /** Opens the storage under test, with the kernel's signals on its relay. */
    private void open(Path file) {
        storage = SqliteSqlStorage.open(file, 1000);
        signals = new SignalFanout(storage.signals());
    }

    @Test
    void otherProcessesAreOnlyPolledForWhileSomeoneSubscribes() {
        open(dir.resolve("a.db"));
        assertThat(storage.pollingForSignals()).isFalse();

        SignalSubscription first = signals.subscribe("test.one");
        SignalSubscription second = signals.subscribe("test.two");
        assertThat(storage.pollingForSignals()).isTrue();
        first.close();
        assertThat(storage.pollingForSignals()).isTrue();
        second.close();

        assertThat(storage.pollingForSignals()).isFalse();
    }

    @Test
    void closingTheStorageStopsThePoller() {
        open(dir.resolve("a.db"));
        signals.subscribe("test.one");

        storage.close();

        assertThat(storage.pollingForSignals()).isFalse();
    }

    @Test
    void inAGroupCommitOnlyTheUnitsThatCommittedWakeTheirTopics() throws Exception {
        open(dir.resolve("a.db"));
        try (SignalSubscription kept = signals.subscribe("test.kept");
                SignalSubscription failed = signals.subscribe("test.failed")) {
            List<Future<Object>> units;
            try (HeldWriter held = HeldWriter.hold(storage)) {
                units = held.queue(2, n -> connection -> {
                    signals.publish(connection, n == 0 ? "test.kept" : "test.failed");
                    if (n == 1) {
                        throw new SQLException("unit 1 fails after publishing");
                    }
                    return null;
                });
            }
            units.getFirst().get();
            assertThat(units.get(1)).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(ExecutionException.class);

            assertThat(kept.await(Duration.ofSeconds(5))).isTrue();
            // the poller sees the file change too (the writer is another connection), but no counter moved for it
            assertThat(failed.await(Duration.ofMillis(300))).isFalse();
        }
    }

    @Test
    void theFirstPublishCreatesTheCountersTableAndAReopenedStorageSeesOnlyLaterCommits() {
        Path file = dir.resolve("a.db");
        open(file);
        storage.transaction(c -> {
            signals.publish(c, "test.one");
            return null;
        });
        signals.close();
        storage.close();

        open(file);
        try (SignalSubscription one = signals.subscribe("test.one")) {
            assertThat(one.await(Duration.ofMillis(300))).isFalse();
            try (SqliteSqlStorage other = SqliteSqlStorage.open(file, 1000)) {
                other.transaction(c -> {
                    other.signals().publish(c, "test.one");
                    return null;
                });
            }
            assertThat(one.await(Duration.ofSeconds(5))).isTrue();
        }
    }
}
