package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * Another process holding the database's write lock longer than SQLite's busy timeout does not fail a publish: the
 * plugin retries the whole transaction until the lock is free. A lock that outlasts every retry, on SQLite or on
 * PostgreSQL, answers {@code UNAVAILABLE} (retryable) with nothing changed.
 */
class LockedDatabaseTest {

    @TempDir
    Path dir;

    @Test
    void aPublishWaitsOutAWriteLockHeldByAnotherConnection() throws Exception {
        try (HandoffHarness handoff = HandoffHarness.withBusyTimeout(dir, 0);
                Connection other = DriverManager.getConnection("jdbc:sqlite:" + handoff.databaseFile());
                Statement statement = other.createStatement()) {
            handoff.register("raveil");
            statement.execute("BEGIN IMMEDIATE");
            CompletableFuture<ToolResult> publish = new CompletableFuture<>();
            Thread publisher = Thread.ofPlatform()
                    .start(() -> publish.complete(handoff.call(
                            "frontispice_publish_handoff",
                            Map.of("project", "raveil", "title", "t", "summary", "s", "content", "c"))));

            awaitRetrying(publisher);
            statement.execute("COMMIT");

            assertThat(publish.get(30, TimeUnit.SECONDS))
                    .isInstanceOfSatisfying(
                            ToolResult.Success.class,
                            success -> assertThat(success.structuredContent())
                                    .containsEntry("delivery_status", "committed"));
        }
    }

    @Test
    void aPublishBlockedThroughoutByAForeignLockAnswersUnavailableWellInsideAFifteenSecondClientTimeout()
            throws Exception {
        try (HandoffHarness handoff = HandoffHarness.withBusyTimeout(dir, 5_000);
                Connection other = DriverManager.getConnection("jdbc:sqlite:" + handoff.databaseFile());
                Statement statement = other.createStatement()) {
            handoff.register("raveil");
            statement.execute("BEGIN IMMEDIATE");
            long start = System.nanoTime();

            ToolResult result = handoff.call(
                    "frontispice_publish_handoff",
                    Map.of("project", "raveil", "title", "t", "summary", "s", "content", "c"));

            long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            statement.execute("ROLLBACK");
            assertThat(elapsedMs).isLessThan(14_000);
            assertThat(result).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
                assertThat(failure.code().value()).isEqualTo("UNAVAILABLE");
                assertThat(failure.details()).containsEntry("retryable", true);
            });
        }
    }

    @Test
    void aPublishBlockedByAnotherNodesRowLockOnPostgresqlAnswersUnavailableAndNothingIsLost() throws Exception {
        TestDatabase database = TestPostgres.database();
        try (HandoffHarness handoff = HandoffHarness.node(database, dir, Map.of("lock-timeout-ms", 200));
                Connection other = database.connect();
                Statement statement = other.createStatement()) {
            handoff.register("raveil");
            other.setAutoCommit(false);
            statement.execute("SELECT 1 FROM handoff_project WHERE project_key = 'raveil' FOR UPDATE");

            ToolResult blocked = handoff.call(
                    "frontispice_publish_handoff",
                    Map.of("project", "raveil", "title", "t", "summary", "s", "content", "c"));
            other.rollback();

            assertThat(blocked).isInstanceOfSatisfying(ToolResult.Failure.class, failure -> {
                assertThat(failure.code().value()).isEqualTo("UNAVAILABLE");
                assertThat(failure.details()).containsEntry("retryable", true);
            });
            assertThat(handoff.publish("raveil", "after", "c")).containsEntry("sequence", 1L);
        }
    }

    /** Waits until the publisher pauses between attempts, which it does only after finding the database locked. */
    private static void awaitRetrying(Thread publisher) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (publisher.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(publisher.getState()).isEqualTo(Thread.State.TIMED_WAITING);
    }
}
