package dev.switchboard.plugin.mailbox.search.bench;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.search.application.port.out.MessageSearch;
import dev.switchboard.plugin.mailbox.search.application.port.out.SearchFilters;
import dev.switchboard.plugin.mailbox.search.domain.SearchPath;
import dev.switchboard.plugin.mailbox.search.domain.SearchPlan;
import dev.switchboard.plugin.mailbox.search.domain.SearchQueries;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Times {@code search_messages} through the kernel's invoker (schema validation, caller, query plan, the index or the
 * scan, the hits' MessageView entries with snippets) over {@code bench.messages} messages (100,000) in one channel,
 * on SQLite (FTS5 trigram) and on PostgreSQL (pg_trgm; the testkit's embedded 17.6), without the MCP transport.
 *
 * <p>The messages are seeded in bulk with plain JDBC (one message through {@code send_message} first, which creates the
 * channel): topics of 4 and bodies of 40 pseudo-words from a vocabulary of 8,400, plus planted words: "rotation" in 1
 * of 200 messages, "kerberos" in 1 of 10,000, the phrase "blue green" in 1 of 200, "ротация" in 1 of 500. Each query
 * is called {@code bench.warmUp} (200) times untimed, then {@code bench.calls} (1000) times timed (the scan's 2-character
 * term a tenth as often); the default {@code limit} of 50 applies. {@code bench.backends} (sqlite,postgres) selects
 * the backends. The last column times the index path's query alone, in a read transaction (what a call costs before
 * its hits are loaded and shown). Usage: {@code SearchBenchmark [dir]}: a new directory inside {@code dir} (default: the
 * module's {@code target/}), deleted at the end. Prints a report on standard output.
 */
public final class SearchBenchmark {

    private static final PrintStream OUT = System.out;

    /** The calling thread's CPU time: on SQLite all of a call's work, and steadier than wall time on a busy host. */
    static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static final String[] SYLLABLES = {
        "ka", "lo", "mi", "ren", "tas", "vo", "zu", "pel", "dor", "fin", "gra", "hul", "jet", "ni", "op", "qua", "sur",
        "tek", "ub", "wex"
    };
    private static final List<String> QUERIES =
            List.of("rotation", "kerberos", "\"blue green\"", "ротаци", "rotation OR kerberos", "topic:rotation");

    /** A 2-character term: answered by the scan, which reads every message; timed fewer times. */
    private static final String SCAN_QUERY = "qz";

    private static final int BATCH = 2000;

    /** The channel the first message creates. */
    private static final long CHANNEL = 1;

    private SearchBenchmark() {}

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        int messages = Integer.getInteger("bench.messages", 100_000);
        int warmUp = Integer.getInteger("bench.warmUp", 200);
        int calls = Integer.getInteger("bench.calls", 1000);
        List<String> parts =
                List.of(System.getProperty("bench.parts", "search,inbox").split(","));
        String kept = System.getProperty("bench.store");
        Path base = args.length > 0 ? Path.of(args[0]) : Path.of("target");
        Files.createDirectories(base);
        Path dir = kept != null
                ? Files.createDirectories(Path.of(kept).toAbsolutePath())
                : Files.createTempDirectory(base.toAbsolutePath(), "search-bench-");
        OUT.printf(
                "dir %s, %d messages, %d CPUs, Java %s, load %.2f%n",
                dir,
                messages,
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        try {
            for (String backend :
                    System.getProperty("bench.backends", "sqlite,postgres").split(",")) {
                run(backend, Files.createDirectories(dir.resolve(backend)), messages, warmUp, calls, parts);
            }
        } finally {
            if (kept == null) {
                deleteTree(dir);
            }
        }
    }

    private static void run(String backend, Path dir, int messages, int warmUp, int calls, List<String> parts)
            throws SQLException {
        OUT.printf("%n== %s%n", backend);
        // -Dbench.store keeps a seeded SQLite file for the next run (PostgreSQL's database is the run's own)
        boolean seeded = backend.equals("sqlite") && Files.exists(dir.resolve("switchboard.db"));
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            if (!seeded || count(frontend) < messages) {
                frontend.send("backend", "first", "the first message");
                long start = System.nanoTime();
                seed(frontend, messages);
                OUT.printf(Locale.ROOT, "seeded %d messages in %.1f s%n", messages, (System.nanoTime() - start) / 1e9);
            }
            if (backend.equals("postgres")) {
                printPlan(frontend);
            }
            if (parts.contains("search")) {
                OUT.printf(
                        "%-24s %6s %8s %8s %8s %8s  %-9s %12s %12s %10s %8s %9s %8s%n",
                        "query",
                        "hits",
                        "p50 ms",
                        "p90 ms",
                        "p99 ms",
                        "max ms",
                        "match",
                        "index p50 ms",
                        "bare p50 ms",
                        "p50/bare",
                        "cpu p50",
                        "bare cpu",
                        "cpu/bare");
                for (String query : QUERIES) {
                    measure(frontend, query, warmUp, calls);
                }
                measure(frontend, SCAN_QUERY, Math.max(1, warmUp / 10), Math.max(1, calls / 10));
            }
            if (parts.contains("inbox")) {
                InboxBenchmark.measure(frontend.as("backend"), Math.max(1, warmUp / 4), Math.max(1, calls / 4), OUT);
            }
        }
    }

    private static long count(MailboxHarness frontend) {
        return frontend.storage().transaction(connection -> {
            try (Statement count = connection.createStatement();
                    ResultSet rows = count.executeQuery("SELECT count(*) FROM mailbox_message")) {
                rows.next();
                return rows.getLong(1);
            }
        });
    }

    private static void measure(MailboxHarness frontend, String query, int warmUp, int calls) {
        Map<String, Object> arguments = args("query", query);
        for (int i = 0; i < warmUp; i++) {
            Answers.written(frontend.call("search_messages", arguments));
        }
        long[] nanos = new long[calls];
        long[] cpu = new long[calls];
        Map<String, Object> last = Map.of();
        for (int i = 0; i < calls; i++) {
            long start = System.nanoTime();
            long startCpu = THREADS.getCurrentThreadCpuTime();
            ToolResult result = frontend.call("search_messages", arguments);
            Answers.written(result);
            cpu[i] = THREADS.getCurrentThreadCpuTime() - startCpu;
            nanos[i] = System.nanoTime() - start;
            last = ((ToolResult.Success) result).structuredContent();
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        List<Map<String, Object>> hits = MailboxHarness.result(last);
        String index = indexAlone(frontend, query, warmUp, calls);
        double[] bare = BareQueries.p50(frontend, query, warmUp, calls);
        OUT.printf(
                Locale.ROOT,
                "%-24s %6s %8.2f %8.2f %8.2f %8.2f  %-9s %12s %12s %10s %8.3f %9s %8s%n",
                query,
                hits.size() + (last.containsKey("truncated") ? "+" : "") + (last.containsKey("scan_cut") ? "c" : ""),
                percentile(nanos, 50),
                percentile(nanos, 90),
                percentile(nanos, 99),
                nanos[calls - 1] / 1e6,
                hits.isEmpty() ? "-" : hits.getFirst().get("match"),
                index,
                bare[0] < 0 ? "-" : String.format(Locale.ROOT, "%.3f", bare[0]),
                bare[0] <= 0 ? "-" : String.format(Locale.ROOT, "%.1f", percentile(nanos, 50) / bare[0]),
                percentile(cpu, 50),
                bare[1] < 0 ? "-" : String.format(Locale.ROOT, "%.3f", bare[1]),
                bare[1] <= 0 ? "-" : String.format(Locale.ROOT, "%.1f", percentile(cpu, 50) / bare[1]));
    }

    /**
     * Times the index path's query alone, in a read transaction of its own (the ids of the page and one more, as
     * {@code search_messages} asks for them): what the call costs before its hits are loaded and shown.
     *
     * @return the p50 in milliseconds, or {@code -} for a query the scan answers
     */
    private static String indexAlone(MailboxHarness frontend, String query, int warmUp, int calls) {
        SearchPlan.Ready plan = (SearchPlan.Ready) SearchQueries.plan(query);
        if (plan.path() != SearchPath.INDEX) {
            return "-";
        }
        Transactions transactions = frontend.injector().getInstance(Transactions.class);
        MessageSearch search = frontend.injector().getInstance(MessageSearch.class);
        long[] nanos = new long[calls];
        for (int i = -warmUp; i < calls; i++) {
            long start = System.nanoTime();
            transactions.read(CHANNEL, tx -> Outcome.done(search.ranked(tx, plan.root(), SearchFilters.NONE, 51)));
            if (i >= 0) {
                nanos[i] = System.nanoTime() - start;
            }
        }
        Arrays.sort(nanos);
        return String.format(Locale.ROOT, "%.2f", percentile(nanos, 50));
    }

    /** Nearest-rank percentile of sorted nanoseconds, in milliseconds. */
    static double percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }

    private static void seed(MailboxHarness frontend, int messages) {
        Random random = new Random(13);
        for (int from = 2; from <= messages; from += BATCH) {
            int first = from;
            int last = Math.min(messages, from + BATCH - 1);
            frontend.storage().transaction(connection -> {
                insert(connection, random, first, last);
                return null;
            });
        }
        frontend.storage().transaction(connection -> {
            try (PreparedStatement next =
                    connection.prepareStatement("UPDATE mailbox_channel SET next_message_id = ?")) {
                next.setLong(1, messages + 1L);
                next.executeUpdate();
            }
            if (frontend.backend().equals("postgres")) {
                try (Statement analyze = connection.createStatement()) {
                    analyze.execute("ANALYZE mailbox_message");
                }
            }
            return null;
        });
    }

    private static void insert(Connection connection, Random random, int first, int last) throws SQLException {
        try (PreparedStatement message = connection.prepareStatement(
                        "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at)"
                                + " VALUES (1, ?, 'frontend', 'backend', ?, ?, ?)");
                PreparedStatement recipient = connection.prepareStatement(
                        "INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES (1, ?, 'backend')")) {
            for (int id = first; id <= last; id++) {
                message.setLong(1, id);
                message.setString(2, words(random, 4));
                message.setString(3, body(random, id));
                message.setString(
                        4,
                        String.format(
                                Locale.ROOT,
                                "2026-08-10T09:%02d:%02d.%03dZ",
                                id / 60_000 % 60,
                                id / 1000 % 60,
                                id % 1000));
                message.addBatch();
                recipient.setLong(1, id);
                recipient.addBatch();
            }
            message.executeBatch();
            recipient.executeBatch();
        }
    }

    private static String body(Random random, int id) {
        StringBuilder body = new StringBuilder(words(random, 40));
        if (id % 200 == 0) {
            body.append(" rotation");
        }
        if (id % 10_000 == 7) {
            body.append(" kerberos");
        }
        if (id % 200 == 100) {
            body.append(" blue green");
        }
        if (id % 500 == 3) {
            body.append(" ротация");
        }
        return body.toString();
    }

    private static String words(Random random, int count) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                text.append(' ');
            }
            int syllables = 2 + random.nextInt(2);
            for (int s = 0; s < syllables; s++) {
                text.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
            }
        }
        return text.toString();
    }

    /** Prints PostgreSQL's plan for the index path's condition, and the plan it would take without sequential scans. */
    private static void printPlan(MailboxHarness frontend) {
        String query = "EXPLAIN SELECT id FROM mailbox_message WHERE channel_id = 1 AND deleted_at IS NULL"
                + " AND (mailbox_fold(topic) LIKE '%rotation%'"
                + " OR mailbox_fold(body) LIKE '%rotation%') LIMIT 51";
        frontend.storage().transaction(connection -> {
            try (Statement explain = connection.createStatement()) {
                for (String setting : List.of("on", "off")) {
                    explain.execute("SET LOCAL enable_seqscan = " + setting);
                    OUT.println("plan of the index path for 'rotation', enable_seqscan " + setting + ":");
                    try (ResultSet plan = explain.executeQuery(query)) {
                        while (plan.next()) {
                            OUT.println("  " + plan.getString(1));
                        }
                    }
                }
            }
            return null;
        });
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.delete(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
