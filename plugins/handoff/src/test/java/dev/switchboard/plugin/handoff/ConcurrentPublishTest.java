package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
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
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The handed concurrency case, on each backend: eight writers, each with its own storage (its own connections, as
 * eight server processes or nodes would have) on one database (one SQLite file, or one PostgreSQL database), publish
 * 500 handoffs each to one project. Sequences must be exactly 1..4000, and no call may fail, with "database is
 * locked", a serialization failure or otherwise. Idempotency keys hold across the writers too.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class ConcurrentPublishTest {

    private static final int WRITERS = 8;
    private static final int EACH = 500;

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    void eightWritersOnOneDatabaseGetEverySequenceOnceWithoutLockErrors() throws Exception {
        List<HandoffHarness> writers = nodes(WRITERS);
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
        try (HandoffHarness server = HandoffHarness.open(backend, dir)) {
            server.register("raveil");

            publishTogether(Collections.nCopies(WRITERS, server), EACH / 5);

            assertThat(server.ok("frontispice_project_status", Map.of("project", "raveil")))
                    .containsEntry("latest_sequence", (long) WRITERS * EACH / 5);
        }
    }

    /**
     * Eight writers publish the same payload under one idempotency key at once: one commits, the others get its
     * receipt as a replay, and the losers' sequences are given back (the next publish takes sequence 2).
     */
    @Test
    @SuppressWarnings("unchecked")
    void oneIdempotencyKeyPublishedByEightWritersAtOnceCommitsOnce() throws Exception {
        List<HandoffHarness> writers = nodes(WRITERS);
        try {
            writers.getFirst().register("raveil");
            Map<String, Object> keyed = Map.of(
                    "project", "raveil", "title", "t", "summary", "s", "content", "c", "idempotency_key", "once");
            List<Map<String, Object>> results = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch start = new CountDownLatch(1);
            try (ExecutorService pool = Executors.newFixedThreadPool(WRITERS)) {
                List<Future<?>> done = new ArrayList<>();
                for (HandoffHarness writer : writers) {
                    done.add(pool.submit(() -> {
                        start.await();
                        results.add(writer.ok("frontispice_publish_handoff", keyed));
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> future : done) {
                    future.get();
                }
            }

            assertThat(results)
                    .hasSize(WRITERS)
                    .filteredOn(result -> Boolean.TRUE.equals(result.get("replayed")))
                    .hasSize(WRITERS - 1);
            assertThat(results)
                    .extracting(result -> (Map<String, Object>) result.get("receipt"))
                    .extracting(receipt -> receipt.get("handoff_id"), receipt -> receipt.get("sequence"))
                    .containsOnly(tuple(receiptOf(results.getFirst()).get("handoff_id"), 1L));
            assertThat(writers.getLast().publish("raveil", "next", "n")).containsEntry("sequence", 2L);
        } finally {
            writers.forEach(HandoffHarness::close);
        }
    }

    /** {@code count} writers on one new database, each with its own storage and state directory. */
    private List<HandoffHarness> nodes(int count) throws Exception {
        List<HandoffHarness> nodes = new ArrayList<>();
        TestDatabase database = backend.equals(HandoffHarness.POSTGRES) ? TestPostgres.database() : null;
        for (int i = 0; i < count; i++) {
            if (database == null) {
                nodes.add(HandoffHarness.open(backend, dir)); // one SQLite file in the shared directory
            } else {
                nodes.add(HandoffHarness.node(database, Files.createDirectories(dir.resolve("node-" + i))));
            }
        }
        return nodes;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> receiptOf(Map<String, Object> result) {
        return (Map<String, Object>) result.get("receipt");
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
