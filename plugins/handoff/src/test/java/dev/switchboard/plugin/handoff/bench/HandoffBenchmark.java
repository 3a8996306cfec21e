package dev.switchboard.plugin.handoff.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.testkit.storage.DurablePostgres;
import dev.switchboard.testkit.storage.Pgbench;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * The handoff plugin's benchmark, in one run on one disk, on SQLite and then on PostgreSQL:
 * <ol>
 *   <li>SQLite: the raw commit rate (sequential single-row transactions through plain sqlite-jdbc, WAL, FULL, own
 *       file); durable publishes per second through {@code frontispice_publish_handoff} (kernel invoker, tool,
 *       application, persistence, {@code SqlStorage.transaction}) to one project from 1 and from 8 threads, each
 *       receipt checked; 8 threads committing the raw loop's single-row transactions through
 *       {@code SqlStorage.transaction} (group commit without the plugin's CPU); ratios to the raw rate;</li>
 *   <li>PostgreSQL ({@link DurablePostgres}: the embedded 17.6 with {@code fsync} and {@code synchronous_commit} on,
 *       printed): its own single-row insert rate through plain JDBC from 1 and 8 connections, durable publishes to one
 *       project from 1 and 8 threads, and from 8 threads to 8 projects (one each: no shared sequence row); ratios
 *       of publishes to the raw rate with as many clients, and the bytes of WAL the server wrote per operation;</li>
 *   <li>on both: {@code frontispice_list_updates} latency with 100,000 handoffs in a project, for a consumer whose
 *       cursor is 5 short of the end and one at the start (default limit 20).</li>
 * </ol>
 * The rates of one backend take turns in rounds ({@link Rounds}). Usage: {@code HandoffBenchmark [dir]}: the run uses
 * a new directory inside {@code dir} (default: the module's {@code target/}) and deletes it at the end. System
 * properties: {@code bench.rounds} (3), {@code bench.roundMillis} (4000), {@code bench.handoffs} (100000),
 * {@code bench.calls} (3000), {@code bench.backends} ({@code sqlite,postgres}: which to run); a quick run: {@code -Dbench.rounds=1 -Dbench.roundMillis=1000 -Dbench.handoffs=5000
 * -Dbench.calls=300}. Prints a report on standard output (this is a command-line program, not the server).
 */
public final class HandoffBenchmark {

    private static final PrintStream OUT = System.out;
    private static final String PUBLISH_PROJECT = "bench-publish";
    private static final String UPDATES_PROJECT = "bench-updates";
    private static final int THREADS = 8;
    private static final long WARM_UP_MILLIS = 2000;
    /** pgbench's transaction: the raw inserts' one row of {@link BenchText#CONTENT_BYTES} characters. */
    private static final String PGBENCH_INSERT =
            "INSERT INTO raw_commit (body) VALUES (repeat('x', " + BenchText.CONTENT_BYTES + "))";

    private HandoffBenchmark() {}

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("bench.rounds", 3);
        long roundMillis = Long.getLong("bench.roundMillis", 4000);
        int handoffs = Integer.getInteger("bench.handoffs", 100_000);
        int calls = Integer.getInteger("bench.calls", 3000);
        List<String> backends =
                List.of(System.getProperty("bench.backends", "sqlite,postgres").split(","));
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
        try {
            if (backends.contains("sqlite")) {
                sqlite(dir.resolve("sqlite"), rounds, roundMillis, handoffs, calls);
            }
            if (backends.contains("postgres")) {
                postgres(dir, rounds, roundMillis, handoffs, calls);
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static void sqlite(Path dir, int rounds, long millis, int handoffs, int calls) throws Exception {
        OUT.printf("%n== SQLite (WAL, synchronous=FULL)%n");
        Files.createDirectories(dir);
        try (RawCommits raw = new RawCommits(dir.resolve("raw.db"), BenchText.content(0));
                BenchServer server = BenchServer.sqlite(dir)) {
            server.call("frontispice_register_project", Map.of("project", PUBLISH_PROJECT));
            server.call("frontispice_register_project", Map.of("project", UPDATES_PROJECT));
            Publishers publishers = new Publishers(server, PUBLISH_PROJECT);
            BareTransactions bare = new BareTransactions(server.storage(), BenchText.content(0));
            List<Rounds.Measure> measures = List.of(
                    raw::runFor,
                    publishers::sequential,
                    ms -> publishers.concurrent(THREADS, ms),
                    ms -> bare.concurrent(THREADS, ms));
            Rounds.warmUp(measures, WARM_UP_MILLIS);
            long rawCpuBefore = raw.cpuNanos();
            long publishCpuBefore = publishers.sequentialCpuNanos();
            long[][] counts = Rounds.run(measures, rounds, millis);
            RateReport.print(
                    OUT,
                    List.of("raw commits", "publishes, 1 thread", "publishes, 8 threads", "bare txns, 8 threads"),
                    counts,
                    millis,
                    List.of(new RateReport.Ratio(1, 0), new RateReport.Ratio(2, 0), new RateReport.Ratio(3, 0)));
            long rawTotal = Arrays.stream(counts).mapToLong(round -> round[0]).sum();
            long publishTotal =
                    Arrays.stream(counts).mapToLong(round -> round[1]).sum();
            double seconds = rounds * millis / 1000.0;
            OUT.printf(
                    Locale.ROOT,
                    "per call: raw commit %.0f us (CPU %.0f us), sequential publish %.0f us (CPU %.0f us)%n",
                    seconds * 1e6 / rawTotal,
                    (raw.cpuNanos() - rawCpuBefore) / 1e3 / rawTotal,
                    seconds * 1e6 / publishTotal,
                    (publishers.sequentialCpuNanos() - publishCpuBefore) / 1e3 / publishTotal);
            updates(server, handoffs, calls);
        }
    }

    private static void postgres(Path dir, int rounds, long millis, int handoffs, int calls) throws Exception {
        OUT.printf("%n== PostgreSQL (embedded, durable settings)%n");
        long start = System.nanoTime();
        try (DurablePostgres postgres = new DurablePostgres(dir.resolve("pgdata"))) {
            OUT.printf(
                    Locale.ROOT,
                    "server started in %.1f s: %s%n",
                    (System.nanoTime() - start) / 1e9,
                    postgres.durabilitySettings());
            TestDatabase rawDatabase = postgres.database("bench_raw");
            RawPostgresInserts raw = new RawPostgresInserts(rawDatabase, BenchText.content(0), false);
            RawPostgresInserts notifying = new RawPostgresInserts(rawDatabase, BenchText.content(0), true);
            Path state = Files.createDirectories(dir.resolve("postgres-state"));
            try (BenchServer server = BenchServer.postgres(state, postgres.database("bench_handoff"));
                    WalBytes wal = new WalBytes(rawDatabase)) {
                server.call("frontispice_register_project", Map.of("project", PUBLISH_PROJECT));
                server.call("frontispice_register_project", Map.of("project", UPDATES_PROJECT));
                Publishers publishers = new Publishers(server, PUBLISH_PROJECT);
                List<Publishers> spread = new ArrayList<>();
                for (int i = 0; i < THREADS; i++) {
                    String project = PUBLISH_PROJECT + "-" + i;
                    server.call("frontispice_register_project", Map.of("project", project));
                    spread.add(new Publishers(server, project));
                }
                List<Rounds.Measure> measures = new ArrayList<>(List.of(
                        ms -> raw.concurrent(1, ms),
                        ms -> raw.concurrent(THREADS, ms),
                        publishers::sequential,
                        ms -> publishers.concurrent(THREADS, ms),
                        ms -> spread(spread, ms),
                        ms -> notifying.concurrent(1, ms),
                        ms -> notifying.concurrent(THREADS, ms)));
                // pgbench's one-row insert of the same 1 KB on the same server (the floor), when installed
                Optional<Pgbench> pgbench = Pgbench.find();
                OUT.println(pgbench.map(found -> "pgbench: " + found.executable())
                        .orElse("pgbench: none on the PATH; the raw inserts (a JDBC loop) are the only floor"));
                pgbench.ifPresent(found -> {
                    measures.add(ms -> found.transactions(rawDatabase, PGBENCH_INSERT, 1, Math.max(1, ms / 1000)));
                    measures.add(
                            ms -> found.transactions(rawDatabase, PGBENCH_INSERT, THREADS, Math.max(1, ms / 1000)));
                });
                Rounds.warmUp(measures, WARM_UP_MILLIS);
                long publishCpuBefore = publishers.sequentialCpuNanos();
                long[] retries = new long[measures.size()];
                long[] walBytes = new long[measures.size()];
                long[] walSyncs = new long[measures.size()];
                long[][] counts = Rounds.run(
                        wal.counting(countingRetries(measures, server.storage(), retries), walBytes, walSyncs),
                        rounds,
                        millis);
                List<String> names = new ArrayList<>(List.of(
                        "raw inserts, 1 conn",
                        "raw inserts, 8 conns",
                        "publishes, 1 thread",
                        "publishes, 8 threads",
                        "8 thr. to 8 projects",
                        "raw + NOTIFY, 1 conn",
                        "raw + NOTIFY, 8 conns"));
                List<RateReport.Ratio> ratios = new ArrayList<>(List.of(
                        new RateReport.Ratio(2, 0),
                        new RateReport.Ratio(3, 1),
                        new RateReport.Ratio(4, 1),
                        new RateReport.Ratio(5, 0),
                        new RateReport.Ratio(6, 1),
                        new RateReport.Ratio(3, 6)));
                if (pgbench.isPresent()) {
                    names.addAll(List.of("pgbench insert, 1 cl.", "pgbench insert, 8 cl."));
                    ratios.addAll(List.of(
                            new RateReport.Ratio(2, 7), new RateReport.Ratio(3, 8), new RateReport.Ratio(4, 8)));
                }
                RateReport.print(OUT, names, counts, millis, ratios);
                for (int m = 2; m <= 4; m++) {
                    int measure = m;
                    long committed = Arrays.stream(counts)
                            .mapToLong(round -> round[measure])
                            .sum();
                    OUT.printf(
                            Locale.ROOT,
                            "%s: %,d serialization retries for %,d committed (%.2f per publish)%n",
                            names.get(m),
                            retries[m],
                            committed,
                            (double) retries[m] / committed);
                }
                for (int m = 0; m < measures.size(); m++) {
                    int measure = m;
                    long done = Arrays.stream(counts)
                            .mapToLong(round -> round[measure])
                            .sum();
                    OUT.printf(
                            Locale.ROOT,
                            "%s: %,.0f bytes of WAL and %.2f WAL syncs per operation%n",
                            names.get(m),
                            (double) walBytes[m] / Math.max(1, done),
                            (double) walSyncs[m] / Math.max(1, done));
                }
                long publishTotal =
                        Arrays.stream(counts).mapToLong(round -> round[2]).sum();
                OUT.printf(
                        Locale.ROOT,
                        "per call: sequential publish %.0f us (CPU of the calling thread %.0f us)%n",
                        rounds * millis * 1e3 / publishTotal,
                        (publishers.sequentialCpuNanos() - publishCpuBefore) / 1e3 / publishTotal);
                updates(server, handoffs, calls);
            }
        }
    }

    /**
     * @param retries where to add, per measure, the retries the storage counted while it ran (its {@code busy}
     *                statistic: serialization failures and deadlocks the PostgreSQL adapter retried)
     */
    private static List<Rounds.Measure> countingRetries(
            List<Rounds.Measure> measures, SqlStorage storage, long[] retries) {
        List<Rounds.Measure> counting = new ArrayList<>();
        for (int i = 0; i < measures.size(); i++) {
            int measure = i;
            counting.add(ms -> {
                long before = storage.statistics().orElseThrow().busy();
                long count = measures.get(measure).run(ms);
                retries[measure] += storage.statistics().orElseThrow().busy() - before;
                return count;
            });
        }
        return counting;
    }

    /** 8 threads, each publishing to its own project, for {@code millis} ms; @return how many committed in all. */
    private static long spread(List<Publishers> publishers, long millis) throws Exception {
        AtomicInteger next = new AtomicInteger();
        return ConcurrentRuns.total(
                publishers.size(),
                millis,
                end -> publishers.get(next.getAndIncrement()).publishUntil(end));
    }

    /** Removes the run's databases (a few hundred MB with 100,000 handoffs). */
    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static void updates(BenchServer server, int handoffs, int calls) {
        long start = System.nanoTime();
        new UpdatesSeeder(server.storage()).seed(UPDATES_PROJECT, handoffs);
        OUT.printf(
                Locale.ROOT,
                "%nseeded %,d handoffs (%d-byte content) by batched SQL INSERTs through SqlStorage in %.1f s%n",
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
