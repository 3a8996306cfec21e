package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.signal.SignalFanout;
import dev.switchboard.plugin.storage.postgres.PostgresStorageProvider;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/** What the PostgreSQL relay adds to the signal contract: a listening connection only while needed, and reconnects. */
class PostgresSignalsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @TempDir
    private Path stateDir;

    private TestDatabase database;
    private final List<PostgresStorageProvider> providers = new ArrayList<>();
    private final List<SignalFanout> fanouts = new ArrayList<>();

    @BeforeEach
    void newDatabase() {
        database = TestPostgres.database();
    }

    @AfterEach
    void closeAll() {
        fanouts.forEach(SignalFanout::close);
        providers.forEach(PostgresStorageProvider::close);
    }

    private PostgresSqlStorage node() {
        return node(database.settings());
    }

    private PostgresSqlStorage node(Map<String, Object> settings) {
        PostgresStorageProvider provider =
                new PostgresStorageProvider(new PluginContext("storage-postgres", settings, stateDir));
        providers.add(provider);
        return (PostgresSqlStorage) provider.open();
    }

    private SignalFanout signals(PostgresSqlStorage storage) {
        SignalFanout fanout = new SignalFanout(storage.signals());
        fanouts.add(fanout);
        return fanout;
    }

    @Test
    void theListeningConnectionIsHeldOnlyWhileSomeoneSubscribes() throws SQLException, InterruptedException {
        PostgresSqlStorage storage = node();
        SignalFanout signals = signals(storage);
        assertThat(storage.listeningForSignals()).isFalse();

        SignalSubscription subscription = signals.subscribe("test.one");
        assertThat(storage.listeningForSignals()).isTrue();
        subscription.close();

        assertThat(storage.listeningForSignals()).isFalse();
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (listeners() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(listeners()).as("listening connections left on the server").isZero();
    }

    @Test
    void afterTheListeningConnectionIsLostItReconnectsWakesEveryWaiterAndHearsLaterCommits() throws SQLException {
        PostgresSqlStorage a = node();
        PostgresSqlStorage b = node();
        SignalFanout onA = signals(a);
        try (SignalSubscription waiter = signals(b).subscribe("test.one")) {
            assertThat(waiter.await(Duration.ZERO))
                    .as("no wake-up for subscribing")
                    .isFalse();

            assertThat(terminateListeners()).isEqualTo(1);

            assertThat(waiter.await(PATIENCE))
                    .as("the re-check after reconnecting wakes the waiter")
                    .isTrue();
            a.transaction(c -> {
                onA.publish(c, "test.one");
                return null;
            });
            assertThat(waiter.await(PATIENCE))
                    .as("a commit after the reconnect")
                    .isTrue();
        }
    }

    @Test
    void installationsInTwoSchemasOfOneDatabaseDoNotWakeEachOther() {
        PostgresSqlStorage teamA = node(database.settings(Map.of("schema", "team_a")));
        PostgresSqlStorage teamB = node(database.settings(Map.of("schema", "team_b")));
        PostgresSqlStorage teamBAgain = node(database.settings(Map.of("schema", "team_b")));
        SignalFanout onA = signals(teamA);
        SignalFanout onB = signals(teamB);
        try (SignalSubscription otherSchema = signals(teamBAgain).subscribe("test.one")) {

            teamA.transaction(c -> {
                onA.publish(c, "test.one");
                return null;
            });
            assertThat(otherSchema.await(Duration.ofMillis(300))).isFalse();
            teamB.transaction(c -> {
                onB.publish(c, "test.one");
                return null;
            });

            assertThat(otherSchema.await(PATIENCE)).isTrue();
        }
    }

    private int listeners() throws SQLException {
        return count("SELECT count(*) FROM pg_stat_activity WHERE application_name = ? AND datname = ?");
    }

    private int terminateListeners() throws SQLException {
        return count("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?"
                + " AND datname = ?");
    }

    private int count(String sql) throws SQLException {
        try (Connection connection = database.connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, PostgresSqlStorage.SIGNALS_APPLICATION_NAME);
            statement.setString(2, database.name());
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
