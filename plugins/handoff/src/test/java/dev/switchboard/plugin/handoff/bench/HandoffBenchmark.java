package dev.switchboard.plugin.handoff.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Issue 4's benchmark, in one run on one disk:
 * <ol>
 *   <li>the raw commit rate: sequential single-row transactions through plain sqlite-jdbc (WAL, FULL), own file;</li>
 *   <li>durable publishes per second through {@code frontispice_publish_handoff} (kernel invoker, tool, application,
 *       jOOQ persistence, {@code SqlStorage.transaction}), sequential, one project, and their ratio to (1). The two
 *       alternate in rounds, so drift of a noisy host hits both alike;</li>
 *   <li>{@code frontispice_list_updates} latency with 100,000 handoffs in a project, for a consumer whose cursor is
 *       5 short of the end and one at the start (default limit 20).</li>
 * </ol>
 * Usage: {@code HandoffBenchmark [dir]}: the run uses a new directory inside {@code dir} (default: the module's
 * {@code target/}) and deletes it at the end. System
 * properties: {@code bench.rounds} (5), {@code bench.roundMillis} (4000), {@code bench.handoffs} (100000),
 * {@code bench.calls} (3000). Prints a report on standard output (this is a command-line program, not the server).
 */
public final class HandoffBenchmark {

    private static final PrintStream OUT = System.out;
    private static final String PUBLISH_PROJECT = "bench-publish";
    private static final String UPDATES_PROJECT = "bench-updates";

    private HandoffBenchmark() {
    }

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("bench.rounds", 5);
        long roundMillis = Long.getLong("bench.roundMillis", 4000);
        int handoffs = Integer.getInteger("bench.handoffs", 100_000);
        int calls = Integer.getInteger("bench.calls", 3000);
        Path base = args.length > 0 ? Path.of(args[0]) : moduleTarget();
        Files.createDirectories(base);
        Path dir = Files.createTempDirectory(base.toAbsolutePath(), "handoff-bench-");
        OUT.printf("dir %s (%s, %s), %d CPUs, Java %s, %s%n", dir, Files.getFileStore(dir).name(),
                Files.getFileStore(dir).type(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), System.getProperty("os.name"));
        try (RawCommits raw = new RawCommits(dir.resolve("raw.db"), BenchText.content(0));
             BenchServer server = new BenchServer(dir)) {
            server.call("frontispice_register_project", Map.of("project", PUBLISH_PROJECT));
            server.call("frontispice_register_project", Map.of("project", UPDATES_PROJECT));
            commitRates(raw, server, rounds, roundMillis);
            updates(server, handoffs, calls);
        } finally {
            deleteTree(dir);
        }
    }

    /** Removes the run's databases (a few hundred MB with 100,000 handoffs). */
    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static void commitRates(RawCommits raw, BenchServer server, int rounds, long millis) throws Exception {
        raw.runFor(2000);
        publishFor(server, 2000);
        List<Double> ratios = new ArrayList<>();
        long rawTotal = 0;
        long publishTotal = 0;
        OUT.printf("%nround   raw commits/s   publishes/s   ratio%n");
        for (int round = 1; round <= rounds; round++) {
            long rawCount;
            long published;
            if (round % 2 == 1) {
                rawCount = raw.runFor(millis);
                published = publishFor(server, millis);
            } else {
                published = publishFor(server, millis);
                rawCount = raw.runFor(millis);
            }
            rawTotal += rawCount;
            publishTotal += published;
            double ratio = (double) published / rawCount;
            ratios.add(ratio);
            OUT.printf(Locale.ROOT, "%5d   %13.0f   %11.0f   %4.0f %%%n", round, rawCount * 1000.0 / millis,
                    published * 1000.0 / millis, ratio * 100);
        }
        double seconds = rounds * millis / 1000.0;
        ratios.sort(null);
        OUT.printf(Locale.ROOT, "total   %13.0f   %11.0f   %4.0f %% (median of rounds %.0f %%)%n",
                rawTotal / seconds, publishTotal / seconds, 100.0 * publishTotal / rawTotal,
                100 * ratios.get(ratios.size() / 2));
        OUT.printf(Locale.ROOT, "per call: raw commit %.0f us, publish %.0f us, publish overhead %.0f us%n",
                seconds * 1e6 / rawTotal, seconds * 1e6 / publishTotal,
                seconds * 1e6 / publishTotal - seconds * 1e6 / rawTotal);
    }

    private static long next = 1;

    /** Publishes sequentially for {@code millis} ms, checking each receipt; @return how many committed. */
    private static long publishFor(BenchServer server, long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long count = 0;
        while (System.nanoTime() < end) {
            Map<String, Object> result = server.call("frontispice_publish_handoff",
                    BenchText.publishArguments(PUBLISH_PROJECT, next++));
            if (!"committed".equals(result.get("delivery_status"))) {
                throw new IllegalStateException("publish not committed: " + result);
            }
            count++;
        }
        return count;
    }

    private static void updates(BenchServer server, int handoffs, int calls) {
        long start = System.nanoTime();
        new UpdatesSeeder(server.storage()).seed(UPDATES_PROJECT, handoffs);
        OUT.printf(Locale.ROOT, "%nseeded %,d handoffs (%d-byte content) by SQL through SqlStorage in %.1f s%n",
                handoffs, BenchText.CONTENT_BYTES, (System.nanoTime() - start) / 1e9);
        server.call("frontispice_advance_cursor", Map.of("project", UPDATES_PROJECT, "consumer", "near-end",
                "through_sequence", handoffs - 5));
        UpdatesLatency latency = new UpdatesLatency(server);
        OUT.printf("consumer   cursor   items  has_more    p50 us    p90 us    p99 us    max us   mean us%n");
        report("near-end", handoffs - 5, latency.measure(
                Map.of("project", UPDATES_PROJECT, "consumer", "near-end"), 500, calls));
        report("librarian", 0, latency.measure(
                Map.of("project", UPDATES_PROJECT, "consumer", "librarian"), 500, calls));
    }

    private static void report(String consumer, long cursor, UpdatesLatency.Result r) {
        OUT.printf(Locale.ROOT, "%-9s %7d %7d %9s %9.0f %9.0f %9.0f %9.0f %9.0f%n", consumer, cursor, r.items(),
                r.hasMore(), r.p50(), r.p90(), r.p99(), r.max(), r.mean());
    }

    /** {@code plugins/handoff/target}: the parent of the test-classes directory this class was loaded from. */
    private static Path moduleTarget() throws Exception {
        return Path.of(HandoffBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getParent();
    }
}
