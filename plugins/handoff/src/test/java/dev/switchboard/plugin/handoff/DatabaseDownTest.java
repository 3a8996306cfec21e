package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.storage.RestartablePostgres;
import dev.switchboard.testkit.storage.TestDatabase;

/** A PostgreSQL server that is down answers UNAVAILABLE for reads and writes, and the plugin recovers with it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DatabaseDownTest {

    @TempDir
    Path data;

    @TempDir
    Path dir;

    @Test
    void readsAndWritesAnswerUnavailableWhileThePostgresServerIsDownAndWorkAgainAfter() {
        try (RestartablePostgres postgres = RestartablePostgres.start(data)) {
            TestDatabase database = postgres.database("down_test");
            try (HandoffHarness handoff = HandoffHarness.node(database, dir, Map.of("connect-timeout-ms", 1000))) {
                handoff.register("raveil");
                handoff.publish("raveil", "kept title", "published before the stop");

                postgres.stop();

                ToolResult.Failure read = handoff.refused(
                        "frontispice_list_updates", Map.of("project", "raveil", "consumer", "c"), "UNAVAILABLE");
                assertThat(read.details()).containsEntry("retryable", true);
                handoff.refused(
                        "frontispice_publish_handoff",
                        Map.of(
                                "project",
                                "raveil",
                                "title",
                                "lost title",
                                "summary",
                                "s",
                                "content",
                                "during the stop"),
                        "UNAVAILABLE");

                postgres.start();

                // the pool reconnects on its own, after its connection adder's back-off (up to half the connect
                // timeout): a call in that window may still answer UNAVAILABLE, on a loaded host more than one
                ToolResult afterRestart = untilNotUnavailable(
                        handoff, "frontispice_list_updates", Map.of("project", "raveil", "consumer", "c"));
                assertThat(afterRestart).isInstanceOf(ToolResult.Success.class);
                assertThat(afterRestart.toString()).contains("kept title").doesNotContain("lost title");
            }
        }
    }

    /** @return the first answer of the tool that is not UNAVAILABLE, asking every 100 ms for at most 10 s */
    private static ToolResult untilNotUnavailable(HandoffHarness handoff, String tool, Map<String, Object> arguments) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            ToolResult result = handoff.call(tool, arguments);
            boolean unavailable = result instanceof ToolResult.Failure failure
                    && failure.code().value().equals("UNAVAILABLE");
            if (!unavailable || System.nanoTime() > deadline) {
                return result;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return result;
            }
        }
    }
}
