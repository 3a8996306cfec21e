package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.tool.ToolResult;

/**
 * The handed concurrency case: eight writers, each with its own storage (its own SQLite connections, as eight server
 * processes would have) on one database file, publish 500 handoffs each to one project. Sequences must be exactly
 * 1..4000, and no call may fail, with "database is locked" or otherwise.
 */
class ConcurrentPublishTest {

    private static final int WRITERS = 8;
    private static final int EACH = 500;

    @TempDir
    Path dir;

    @Test
    void eightWritersOnOneFileGetEverySequenceOnceWithoutLockErrors() throws Exception {
        List<HandoffHarness> writers = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            writers.add(HandoffHarness.open(dir));
        }
        try {
            writers.getFirst().register("raveil");

            publishTogether(writers, EACH);

            assertThat(writers.getLast().ok("frontispice_project_status", Map.of("project", "raveil")))
                    .containsEntry("latest_sequence", (long) WRITERS * EACH);
        } finally {
            writers.forEach(HandoffHarness::close);
        }
    }

    /** One server, eight threads: their publishes share group commits and must still get gap-free sequences. */
    @Test
    void eightThreadsOfOneServerGetEverySequenceOnce() throws Exception {
        try (HandoffHarness server = HandoffHarness.open(dir)) {
            server.register("raveil");

            publishTogether(Collections.nCopies(WRITERS, server), EACH / 5);

            assertThat(server.ok("frontispice_project_status", Map.of("project", "raveil")))
                    .containsEntry("latest_sequence", (long) WRITERS * EACH / 5);
        }
    }

    /** Each writer publishes {@code each} handoffs on its own thread, all at once; every one must commit. */
    private static void publishTogether(List<HandoffHarness> writers, int each) throws Exception {
        List<Long> sequences = Collections.synchronizedList(new ArrayList<>());
        List<ToolResult.Failure> failures = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(writers.size())) {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers.size(); w++) {
                HandoffHarness writer = writers.get(w);
                int id = w;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int n = 0; n < each; n++) {
                        publish(writer, id, n, sequences, failures);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get();
            }
        }
        assertThat(failures).isEmpty();
        assertThat(sequences)
                .hasSize(writers.size() * each)
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, (long) writers.size() * each)
                        .boxed()
                        .toList());
    }

    @SuppressWarnings("unchecked")
    private static void publish(
            HandoffHarness writer, int id, int n, List<Long> sequences, List<ToolResult.Failure> failures) {
        ToolResult result = writer.call(
                "frontispice_publish_handoff",
                Map.of(
                        "project",
                        "raveil",
                        "title",
                        "writer " + id + " #" + n,
                        "summary",
                        "s",
                        "content",
                        "c " + id + "/" + n));
        if (result instanceof ToolResult.Success success) {
            sequences.add(
                    ((Number) ((Map<String, Object>) success.structuredContent().get("receipt")).get("sequence"))
                            .longValue());
        } else {
            failures.add((ToolResult.Failure) result);
        }
    }
}
