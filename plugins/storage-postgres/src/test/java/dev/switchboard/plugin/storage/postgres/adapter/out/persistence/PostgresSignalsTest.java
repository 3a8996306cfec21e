package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import dev.switchboard.kernel.signal.SignalFanout;
import dev.switchboard.plugin.storage.postgres.PostgresStorageProvider;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * What the PostgreSQL relay adds to the signal contract: a listening connection only while needed, reconnects, one
 * {@code NOTIFY} statement per commit sent after it (none for a rollback), and the periodic re-read of the signal log.
 */
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
    void aRolledBackPublishSendsNoNotifyAndACommittedOneSendsItAfterTheCommit() throws SQLException {
        PostgresSqlStorage a = node();
        SignalFanout onA = signals(a);
        try (Connection raw = database.connect();
                Statement listen = raw.createStatement()) {
            raw.setAutoCommit(true);
            listen.execute("LISTEN \"" + PostgresSignals.channelPrefix("public") + "test.one\"");

            assertThatThrownBy(() -> a.transaction(c -> {
                        onA.publish(c, "test.one");
                        throw new IllegalStateException("rolled back on purpose");
                    }))
                    .hasMessage("rolled back on purpose");
            assertThat(notifications(raw, Duration.ofMillis(400)))
                    .as("after a rollback")
                    .isEmpty();
            assertThat(a.notifyBatches()).isZero();

            a.transaction(c -> {
                onA.publish(c, "test.one");
                onA.publish(c, "test.one");
                return null;
            });
            List<PGNotification> sent = notifications(raw, Duration.ofSeconds(2));
            assertThat(sent).hasSize(1);
            assertThat(sent.getFirst().getParameter())
                    .as("the payload is the node id, not the topic")
                    .doesNotContain("test.one");
            assertThat(a.notifyBatches()).isEqualTo(1);
        }
    }

    @Test
    void aCommitOnOneNodeWakesAWaiterOnAnotherWithin100Milliseconds() {
        PostgresSqlStorage a = node();
        PostgresSqlStorage b = node();
        SignalFanout onA = signals(a);
        int samples = 40;
        long[] micros = new long[samples];
        try (SignalSubscription waiter = signals(b).subscribe("test.one")) {
            for (int i = 0; i < samples; i++) {
                a.transaction(c -> {
                    onA.publish(c, "test.one");
                    return null;
                });
                long committed = System.nanoTime();
                assertThat(waiter.await(PATIENCE)).isTrue();
                micros[i] = (System.nanoTime() - committed) / 1_000;
            }
        }
        Arrays.sort(micros);
        assertThat(micros[samples / 2])
                .as("median wake-up in microseconds after the commit returned")
                .isLessThan(100_000);
    }

    @Test
    void aCommitIsStillDeliveredAfterTheNotifyingConnectionWasLostAndNoOutageIsLoggedWhileTheDatabaseAnswers()
            throws SQLException {
        List<String> warnings = new CopyOnWriteArrayList<>();
        OutageLog outages = new OutageLog(database.url(), Duration.ofSeconds(1), System::nanoTime, warnings::add);
        PostgresConfig config = new PostgresConfig(
                database.url(), Optional.of(database.user()), Optional.empty(), "public", 2, 0, 0, 1_000, 30_000);
        try (PostgresSqlStorage a = PostgresSqlStorage.open(config, outages)) {
            SignalFanout onA = signals(a);
            try (SignalSubscription waiter = signals(node()).subscribe("test.one")) {
                a.transaction(c -> {
                    onA.publish(c, "test.one");
                    return null;
                });
                assertThat(waiter.await(PATIENCE)).isTrue();

                // what a database restart leaves behind: a notifying connection that fails at its next use
                assertThat(terminate(BatchingNotifier.APPLICATION_NAME)).isEqualTo(1);
                a.transaction(c -> {
                    onA.publish(c, "test.one");
                    return null;
                });

                assertThat(waiter.await(PATIENCE))
                        .as("sent on a new connection")
                        .isTrue();
                assertThat(warnings)
                        .as("no outage: the database answered throughout")
                        .isEmpty();
                assertThat(outages.down()).isFalse();
            }
        }
    }

    @Test
    void aCommitWhoseNotifyNeverCameWakesItsTopicsWaitersWithinTheResyncIntervalAndNoOneElse() throws SQLException {
        PostgresSqlStorage b = node(database.settings(Map.of("signal-resync-ms", 300)));
        SignalFanout onB = signals(b);
        try (SignalSubscription lost = onB.subscribe("test.lost");
                SignalSubscription quiet = onB.subscribe("test.quiet")) {
            // what a publisher that died between its commit and its NOTIFY leaves: its log row, no notification
            try (Connection raw = database.connect();
                    Statement statement = raw.createStatement()) {
                statement.execute("INSERT INTO " + SignalLog.TABLE + "(topic, node) VALUES ('test.lost', 'dead-node')");
            }
            long start = System.nanoTime();

            assertThat(lost.await(Duration.ofSeconds(5))).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
            assertThat(quiet.await(Duration.ofMillis(1_000)))
                    .as("a topic nobody changed is not re-signalled")
                    .isFalse();
            assertThat(lost.await(Duration.ofMillis(1_000)))
                    .as("nor the lost one once it was reported")
                    .isFalse();
        }
    }

    @Test
    void anIdleSubscribedNodeReportsNothingAtItsResyncsAndTheLogIsPruned() throws SQLException {
        PostgresSqlStorage a = node();
        PostgresSqlStorage b = node(database.settings(Map.of("signal-resync-ms", 200)));
        SignalFanout onA = signals(a);
        try (SignalSubscription waiter = signals(b).subscribe("test.one")) {
            a.transaction(c -> {
                onA.publish(c, "test.one");
                return null;
            });
            assertThat(waiter.await(PATIENCE)).as("the notification").isTrue();
            assertThat(logRows()).isEqualTo(1);

            // the resync after the commit may report it once more (it changed in that period); then nothing
            waiter.await(Duration.ofMillis(500));
            assertThat(waiter.await(Duration.ofMillis(1_200)))
                    .as("no re-signal on an idle database")
                    .isFalse();
            assertThat(logRows())
                    .as("rows older than two resync periods are deleted")
                    .isZero();
        }
    }

    private int logRows() throws SQLException {
        try (Connection raw = database.connect();
                Statement statement = raw.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + SignalLog.TABLE)) {
            rows.next();
            return rows.getInt(1);
        }
    }

    @Test
    void aPublishAfterANestedTransactionStillBelongsToTheOuterOne() {
        PostgresSqlStorage a = node();
        SignalFanout onA = signals(a);
        try (SignalSubscription inner = onA.subscribe("test.inner");
                SignalSubscription outer = onA.subscribe("test.outer")) {
            a.transaction(c -> {
                a.transaction(nested -> {
                    onA.publish(nested, "test.inner");
                    return null;
                });
                onA.publish(c, "test.outer");
                return null;
            });

            assertThat(inner.await(PATIENCE)).isTrue();
            assertThat(outer.await(PATIENCE)).isTrue();
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
        return terminate(PostgresSqlStorage.SIGNALS_APPLICATION_NAME);
    }

    private int terminate(String applicationName) throws SQLException {
        return count(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?"
                        + " AND datname = ?",
                applicationName);
    }

    /** @return every notification that arrived on {@code listening} within {@code wait} */
    private static List<PGNotification> notifications(Connection listening, Duration wait) throws SQLException {
        List<PGNotification> all = new ArrayList<>();
        long deadline = System.nanoTime() + wait.toNanos();
        while (System.nanoTime() < deadline) {
            PGNotification[] notes = listening.unwrap(PGConnection.class).getNotifications(50);
            if (notes != null) {
                all.addAll(List.of(notes));
            }
        }
        return all;
    }

    private int count(String sql) throws SQLException {
        return count(sql, PostgresSqlStorage.SIGNALS_APPLICATION_NAME);
    }

    private int count(String sql, String applicationName) throws SQLException {
        try (Connection connection = database.connect();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, applicationName);
            statement.setString(2, database.name());
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
