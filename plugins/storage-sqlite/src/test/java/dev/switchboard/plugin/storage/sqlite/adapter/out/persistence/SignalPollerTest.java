package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The change-signal poller outlives a pass that throws an Error: later commits still wake, none is missed. */
class SignalPollerTest {

    @TempDir
    private Path dir;

    private SignalPoller poller;

    @AfterEach
    void stop() {
        if (poller != null) {
            poller.stop();
        }
    }

    @Test
    void aPassThatThrowsAnErrorNeitherEndsThePollerNorLosesItsTopics() throws Exception {
        Path file = dir.resolve("signals.db");
        BlockingQueue<Set<String>> heard = new LinkedBlockingQueue<>();
        AtomicInteger calls = new AtomicInteger();
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            bump(other, "first");
            poller = new SignalPoller(
                    new ReadDataSource(new SqliteConnector(file, 1000)),
                    Duration.ofMillis(10),
                    new SignalVersions(),
                    topics -> {
                        if (calls.getAndIncrement() == 0) {
                            throw new OutOfMemoryError("Java heap space (thrown by the test's listener)");
                        }
                        heard.add(topics);
                    });
            poller.start();

            assertThat(heard.poll(10, TimeUnit.SECONDS))
                    .as("the topic of the pass that threw is reported by the next one")
                    .containsExactly("first");
            bump(other, "second");

            assertThat(heard.poll(10, TimeUnit.SECONDS))
                    .as("a commit after the Error still wakes")
                    .containsExactly("second");
            assertThat(poller.running()).isTrue();
            assertThat(calls.get()).isEqualTo(3);
        }
    }

    /** Commits a counter move as another process would. */
    private static void bump(Connection connection, String topic) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(SignalVersions.CREATE);
            statement.execute("INSERT INTO " + SignalVersions.TABLE + "(topic, version) VALUES ('" + topic
                    + "', 1) ON CONFLICT(topic) DO UPDATE SET version = version + 1");
        }
    }
}
