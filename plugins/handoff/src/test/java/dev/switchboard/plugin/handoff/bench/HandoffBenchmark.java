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
 *       persistence, {@code SqlStorage.transaction}) to one project, from one thread (sequential) and from 8 threads
 *       at once (whose transactions the storage commits in groups), each receipt checked, and their ratios to (1).
 *       For comparison, 8 threads committing the raw loop's single-row transactions through
 *       {@code SqlStorage.transaction} (group commit without the plugin's CPU). The four take turns in rounds, in
 *       rotating order, so drift of a noisy host hits them alike;</li>
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
    private static final int THREADS = 8;

    private HandoffBenchmark() {}

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("bench.rounds", 5);
        long roundMillis = Long.getLong("bench.roundMillis", 4000);
        int handoffs = Integer.getInteger("bench.handoffs", 100_000);
        int calls = Integer.getInteger("bench.calls", 3000);
        Path base = args.length > 0 ? Path.of(args[0]) : moduleTarget();
        Files.createDirectories(base);
        Path dir = Files.createTempDirectory(base.toAbsolutePath(), "handoff-bench-");
        OUT.printf(
                "dir %s (%s, %s), %d CPUs, Java %s, %s%n",
                dir,
                Files.getFileStore(dir).name(),
                Files.getFileStore(dir).type(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                System.getProperty("os.name"));
        try (RawCommits raw = new RawCommits(dir.resolve("raw.db"), BenchText.content(0));
                BenchServer server = new BenchServer(dir)) {
            server.call("frontispice_register_project", Map.of("project", PUBLISH_PROJECT));
            server.call("frontispice_register_project", Map.of("project", UPDATES_PROJECT));
            commitRates(
                    raw,
                    new Publishers(server, PUBLISH_PROJECT),
                    new BareTransactions(server.storage(), BenchText.content(0)),
                    rounds,
                    roundMillis);
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

    /** Measures 0..3 take turns in each round, in rotating order, so that a noisy host's drift hits each alike. */
    private static void commitRates(
            RawCommits raw, Publishers publishers, BareTransactions bare, int rounds, long millis) throws Exception {
        raw.runFor(2000);
        publishers.sequential(2000);
        publishers.concurrent(THREADS, 2000);
        bare.concurrent(THREADS, 2000);
        long rawCpuBefore = raw.cpuNanos();
        long publishCpuBefore = publishers.sequentialCpuNanos();
        long[] totals = new long[4];
        List<List<Double>> ratios = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        OUT.printf(
                "%nround   raw commits/s   sequential publishes/s   %d-thread publishes/s"
                        + "   %d-thread bare transactions/s%n",
                THREADS, THREADS);
        for (int round = 1; round <= rounds; round++) {
            long[] counts = new long[4];
            for (int i = 0; i < 4; i++) {
                int measure = (round + i) % 4;
                counts[measure] = switch (measure) {
                    case 0 -> raw.runFor(millis);
                    case 1 -> publishers.sequential(millis);
                    case 2 -> publishers.concurrent(THREADS, millis);
                    default -> bare.concurrent(THREADS, millis);
                };
                totals[measure] += counts[measure];
            }
            for (int m = 1; m < 4; m++) {
                ratios.get(m - 1).add((double) counts[m] / counts[0]);
            }
            OUT.println(row(String.valueOf(round), counts, millis / 1000.0));
        }
        OUT.println(row("total", totals, rounds * millis / 1000.0));
        OUT.printf(
                Locale.ROOT,
                "median of the rounds' ratios to raw: sequential %.0f %%, %d-thread publishes %.0f %%,"
                        + " %d-thread bare %.0f %%%n",
                100 * median(ratios.get(0)),
                THREADS,
                100 * median(ratios.get(1)),
                THREADS,
                100 * median(ratios.get(2)));
        double seconds = rounds * millis / 1000.0;
        OUT.printf(
                Locale.ROOT,
                "per call: raw commit %.0f us (CPU %.0f us), sequential publish %.0f us" + " (CPU %.0f us)%n",
                seconds * 1e6 / totals[0],
                (raw.cpuNanos() - rawCpuBefore) / 1e3 / totals[0],
                seconds * 1e6 / totals[1],
                (publishers.sequentialCpuNanos() - publishCpuBefore) / 1e3 / totals[1]);
    }

    private static String row(String label, long[] counts, double seconds) {
        return String.format(
                Locale.ROOT,
                "%5s   %13.0f   %15.0f (%3.0f %%)   %14.0f (%4.0f %%)   %22.0f (%4.0f %%)",
                label,
                counts[0] / seconds,
                counts[1] / seconds,
                100.0 * counts[1] / counts[0],
                counts[2] / seconds,
                100.0 * counts[2] / counts[0],
                counts[3] / seconds,
                100.0 * counts[3] / counts[0]);
    }

    private static double median(List<Double> values) {
        return values.stream().sorted().toList().get(values.size() / 2);
    }

    private static void updates(BenchServer server, int handoffs, int calls) {
        long start = System.nanoTime();
        new UpdatesSeeder(server.storage()).seed(UPDATES_PROJECT, handoffs);
        OUT.printf(
                Locale.ROOT,
                "%nseeded %,d handoffs (%d-byte content) by SQL through SqlStorage in %.1f s%n",
                handoffs,
                BenchText.CONTENT_BYTES,
                (System.nanoTime() - start) / 1e9);
        server.call(
                "frontispice_advance_cursor",
                Map.of("project", UPDATES_PROJECT, "consumer", "near-end", "through_sequence", handoffs - 5));
        UpdatesLatency latency = new UpdatesLatency(server);
        OUT.printf("consumer   cursor   items  has_more    p50 us    p90 us    p99 us    max us   mean us%n");
        report(
                "near-end",
                handoffs - 5,
                latency.measure(Map.of("project", UPDATES_PROJECT, "consumer", "near-end"), 500, calls));
        report(
                "librarian",
                0,
                latency.measure(Map.of("project", UPDATES_PROJECT, "consumer", "librarian"), 500, calls));
    }

    private static void report(String consumer, long cursor, UpdatesLatency.Result r) {
        OUT.printf(
                Locale.ROOT,
                "%-9s %7d %7d %9s %9.0f %9.0f %9.0f %9.0f %9.0f%n",
                consumer,
                cursor,
                r.items(),
                r.hasMore(),
                r.p50(),
                r.p90(),
                r.p99(),
                r.max(),
                r.mean());
    }

    /** {@code plugins/handoff/target}: the parent of the test-classes directory this class was loaded from. */
    private static Path moduleTarget() throws Exception {
        return Path.of(HandoffBenchmark.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .toURI())
                .getParent();
    }
}
