package dev.switchboard.plugin.mailbox.bench;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.ClientRequests;
import dev.switchboard.ports.call.LogSink;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.ProgressReporter;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.ToolResults;
import dev.switchboard.testkit.storage.DurablePostgres;
import dev.switchboard.testkit.storage.Pgbench;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * The mailbox's benchmarks through the kernel's invoker (schema validation, caller, use case, storage; no MCP
 * transport), on SQLite (the storage adapter's file: WAL, {@code synchronous=FULL}) and PostgreSQL (the testkit's
 * embedded server). Parts, chosen by {@code bench.parts} ({@code status,send,wake}); backends by
 * {@code bench.backends} ({@code sqlite,postgres}):
 *
 * <ul>
 *   <li>{@code status}: {@code channel_status} as the addressee of {@code bench.debts} (10,000) open debts, seeded by
 *       plain JDBC: one in 50 taken ({@code in_progress} by the addressee), one in 50 resolved and reopened (events
 *       and columns as the tools write them); {@code bench.warmUp} (20) untimed calls, then {@code bench.calls} (200)
 *       timed, with the calling thread's CPU time (on SQLite all of the work; on PostgreSQL the client's share);
 *   <li>{@code send}: {@code send_message} calls per second with 1 and 8 senders, each its own server on the store
 *       (as stdio sessions are), and with 8 threads on one server (as a hosted server's sessions are), for
 *       {@code bench.seconds} (5) each, against the raw commit rate of the same servers' storage: one-row
 *       {@code INSERT} transactions into a scratch table (a row with as much text as the send's message row), with
 *       the same threads, connections and durability; with the calling threads' CPU time per call; both kinds of
 *       call first run untimed for {@code bench.warmUpSeconds} (3) each;
 *   <li>{@code wake}: {@code wait_for_mail} wake latency over {@code bench.rounds} (30) rounds, from the moment the
 *       sender's {@code send_message} call returned (after its commit) to the moment the wait returned: the sender
 *       on the waiter's own server, on another server in the same JVM, and (SQLite) in another process
 *       ({@link SenderProcess}, times compared on the wall clock in microseconds). A negative figure is a wait that
 *       returned before the sender's call did.
 * </ul>
 *
 * <p>Usage: {@code MailboxBenchmark [dir]}: a new directory inside {@code dir} (default: the module's
 * {@code target/}), deleted at the end. Prints a report on standard output.
 */
public final class MailboxBenchmark {

    private static final PrintStream OUT = System.out;
    private static final int BATCH = 2000;
    private static final int SENDERS = 8;
    private static final String TOPIC = "bench";
    private static final String BODY = "a durable message";
    /**
     * A raw commit's row carries as much text as a benchmark send's message row (author, addressee, topic, body), so
     * that the two commits write pages of about the same size with the same durability on the same connections.
     */
    private static final String RAW_NOTE = "sender1" + "backend" + TOPIC + BODY;

    private MailboxBenchmark() {}

    /** Runs the benchmark; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        Path base = args.length > 0 ? Path.of(args[0]) : Path.of("target");
        Files.createDirectories(base);
        Path dir = Files.createTempDirectory(base.toAbsolutePath(), "mailbox-bench-");
        List<String> parts =
                List.of(System.getProperty("bench.parts", "status,send,wake").split(","));
        OUT.printf(
                "dir %s, %d CPUs, Java %s, load average at start %s%n",
                dir, Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), loadAverage());
        try {
            for (String backend :
                    System.getProperty("bench.backends", "sqlite,postgres").split(",")) {
                OUT.printf("%n== %s%n", backend);
                if (parts.contains("status")) {
                    status(backend, Files.createDirectories(dir.resolve(backend + "-status")));
                }
                if (parts.contains("send")) {
                    send(backend, Files.createDirectories(dir.resolve(backend + "-send")));
                }
                if (parts.contains("wake")) {
                    wake(backend, Files.createDirectories(dir.resolve(backend + "-wake")));
                }
            }
        } finally {
            OUT.printf("%nload average at end %s%n", loadAverage());
            deleteTree(dir);
        }
    }

    // ---- channel_status with many open obligations

    private static void status(String backend, Path dir) {
        int debts = Integer.getInteger("bench.debts", 10_000);
        int warmUp = Integer.getInteger("bench.warmUp", 20);
        int calls = Integer.getInteger("bench.calls", 200);
        try (MailboxHarness frontend = MailboxHarness.open(backend, dir, "frontend")) {
            frontend.send("backend", "first", "the first message");
            long start = System.nanoTime();
            seedDebts(frontend, debts);
            OUT.printf(Locale.ROOT, "seeded %d open debts in %.1f s%n", debts, (System.nanoTime() - start) / 1e9);
            MailboxHarness backendRole = frontend.as("backend");
            Map<String, Object> last = Map.of();
            for (int i = 0; i < warmUp; i++) {
                last = backendRole.ok("channel_status", Map.of());
            }
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            long[] nanos = new long[calls];
            long[] cpuNanos = new long[calls];
            for (int i = 0; i < calls; i++) {
                long cpuBegin = cpu.getCurrentThreadCpuTime();
                long begin = System.nanoTime();
                last = backendRole.ok("channel_status", Map.of());
                nanos[i] = System.nanoTime() - begin;
                cpuNanos[i] = cpu.getCurrentThreadCpuTime() - cpuBegin;
            }
            Arrays.sort(nanos);
            Arrays.sort(cpuNanos);
            long[] micros = Arrays.stream(nanos).map(n -> n / 1000).toArray();
            long[] cpuMicros = Arrays.stream(cpuNanos).map(n -> n / 1000).toArray();
            OUT.printf(
                    Locale.ROOT,
                    "channel_status (%d calls): p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms;"
                            + " the calling thread's CPU p50 %.2f ms, p99 %.2f ms; counts %s%n",
                    calls,
                    percentile(micros, 50),
                    percentile(micros, 90),
                    percentile(micros, 99),
                    micros[calls - 1] / 1e3,
                    percentile(cpuMicros, 50),
                    percentile(cpuMicros, 99),
                    last.get("counts"));
        }
    }

    /** Open debts from frontend to backend with ids 2..debts+1, with the columns and events the tools write. */
    private static void seedDebts(MailboxHarness frontend, int debts) {
        for (int from = 2; from <= debts + 1; from += BATCH) {
            int first = from;
            int last = Math.min(debts + 1, from + BATCH - 1);
            frontend.storage().transaction(connection -> {
                insertDebts(connection, first, last);
                return null;
            });
        }
        frontend.storage().transaction(connection -> {
            try (PreparedStatement next =
                    connection.prepareStatement("UPDATE mailbox_channel SET next_message_id = ?")) {
                next.setLong(1, debts + 2L);
                next.executeUpdate();
            }
            if (frontend.backend().equals("postgres")) {
                try (Statement analyze = connection.createStatement()) {
                    analyze.execute("ANALYZE");
                }
            }
            return null;
        });
    }

    private static void insertDebts(Connection connection, int first, int last) throws SQLException {
        try (PreparedStatement message = connection.prepareStatement(
                        "INSERT INTO mailbox_message (channel_id, id, from_role, to_role, topic, body, created_at,"
                                + " action_required, status, kind, work_status)"
                                + " VALUES (1, ?, 'frontend', 'backend', ?, 'please fix it', ?, 1, 'open', 'bug', ?)");
                PreparedStatement recipient = connection.prepareStatement(
                        "INSERT INTO mailbox_recipient (channel_id, message_id, to_role) VALUES (1, ?, 'backend')");
                PreparedStatement event = connection.prepareStatement(
                        "INSERT INTO mailbox_event (channel_id, message_id, event, role, created_at)"
                                + " VALUES (1, ?, ?, ?, ?)")) {
            for (int id = first; id <= last; id++) {
                String at = at(id);
                boolean taken = id % 50 == 0;
                message.setLong(1, id);
                message.setString(2, "debt " + id);
                message.setString(3, at);
                message.setString(4, taken ? "in_progress" : null);
                message.addBatch();
                recipient.setLong(1, id);
                recipient.addBatch();
                if (taken) {
                    addEvent(event, id, "work_status:in_progress", "backend", at);
                } else if (id % 50 == 25) {
                    addEvent(event, id, "resolve", "backend", at);
                    addEvent(event, id, "reopen", "frontend", at);
                }
            }
            message.executeBatch();
            recipient.executeBatch();
            event.executeBatch();
        }
    }

    private static void addEvent(PreparedStatement event, long id, String name, String role, String at)
            throws SQLException {
        event.setLong(1, id);
        event.setString(2, name);
        event.setString(3, role);
        event.setString(4, at);
        event.addBatch();
    }

    private static String at(int id) {
        return String.format(Locale.ROOT, "2026-08-10T09:%02d:%02d.%03dZ", id / 60_000 % 60, id / 1000 % 60, id % 1000);
    }

    // ---- send_message throughput against the raw commit rate

    private static void send(String backend, Path dir) throws Exception {
        if (!backend.equals("postgres")) {
            send(backend, dir, null);
            return;
        }
        // durable commits on PostgreSQL too (the testkit's shared server runs without fsync), and pgbench beside them
        try (DurablePostgres durable = new DurablePostgres(dir.resolve("pgdata"))) {
            OUT.println("durable PostgreSQL: " + durable.durabilitySettings());
            send(backend, dir, durable.database("bench_send"));
        }
    }

    private static void send(String backend, Path dir, TestDatabase database) throws Exception {
        long seconds = Long.getLong("bench.seconds", 5);
        Optional<Pgbench> pgbench = database == null ? Optional.empty() : Pgbench.find();
        if (database != null) {
            OUT.println(pgbench.map(found -> "pgbench: " + found.executable())
                    .orElse("pgbench: none on the PATH; the raw commits (through the adapter) are the only floor"));
        }
        MailboxHarness.Builder builder = MailboxHarness.builder(backend, dir);
        if (database != null) {
            builder.database(database);
        }
        try (MailboxHarness receiver = builder.open("backend")) {
            List<MailboxHarness> senders = new ArrayList<>();
            for (int i = 1; i <= SENDERS; i++) {
                senders.add(receiver.as("sender" + i));
            }
            receiver.storage().transaction(connection -> {
                try (Statement create = connection.createStatement()) {
                    create.execute(
                            backend.equals("postgres")
                                    ? "CREATE TABLE bench_commit (id BIGINT GENERATED BY DEFAULT AS IDENTITY"
                                            + " PRIMARY KEY, note TEXT NOT NULL)"
                                    : "CREATE TABLE bench_commit (id INTEGER PRIMARY KEY, note TEXT NOT NULL)");
                }
                return null;
            });
            for (MailboxHarness sender : senders) {
                // first calls untimed: the channel's id, the role's presence, the code paths' first run
                long begin = System.nanoTime();
                sender.send("backend", "warm-up", "x");
                OUT.printf(
                        Locale.ROOT,
                        "first send_message of %s: %.1f ms%n",
                        sender.role(),
                        (System.nanoTime() - begin) / 1e6);
            }
            // then both kinds of call, untimed, until the JIT has compiled their paths (the 1-sender figures came
            // first and paid for the compilation)
            long warmUpSeconds = Long.getLong("bench.warmUpSeconds", 3);
            rate(warmUpSeconds, 1, i -> () -> commit(senders.getFirst().storage()));
            rate(warmUpSeconds, 1, i -> () -> senders.getFirst().send("backend", TOPIC, BODY));
            for (int threads : new int[] {1, SENDERS, -SENDERS}) {
                // -8: eight threads on ONE server (a hosted server's sessions), whose writer batches their commits
                int count = Math.abs(threads);
                IntFunction<MailboxHarness> server = i -> senders.get(threads < 0 ? 0 : i);
                Rate raw =
                        rate(seconds, count, i -> () -> commit(server.apply(i).storage()));
                Rate sends = rate(seconds, count, i -> () -> server.apply(i).send("backend", TOPIC, BODY));
                OUT.printf(
                        Locale.ROOT,
                        "%d sender(s)%s: raw commits %.0f/s, send_message %.0f/s (%.0f %% of raw);"
                                + " the calling threads' CPU per call: raw %.0f us, send_message %.0f us%n",
                        count,
                        threads < 0 ? " on one server" : count == 1 ? "" : ", each its own server",
                        raw.perSecond(),
                        sends.perSecond(),
                        100 * sends.perSecond() / raw.perSecond(),
                        raw.cpuMicrosPerCall(),
                        sends.cpuMicrosPerCall());
                if (pgbench.isPresent() && threads > 0) {
                    long committed = pgbench.get()
                            .transactions(
                                    database,
                                    "INSERT INTO bench_commit (note) VALUES ('" + RAW_NOTE + "')",
                                    count,
                                    seconds);
                    double perSecond = (double) committed / seconds;
                    OUT.printf(
                            Locale.ROOT,
                            "  pgbench one-row insert, %d client(s): %.0f/s; send_message %.0f %% of it%n",
                            count,
                            perSecond,
                            100 * sends.perSecond() / perSecond);
                }
            }
        }
    }

    private static void commit(SqlStorage storage) {
        storage.transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO bench_commit (note) VALUES (?)")) {
                insert.setString(1, RAW_NOTE);
                insert.executeUpdate();
            }
            return null;
        });
    }

    /**
     * @param perSecond        calls per second of all threads together
     * @param cpuMicrosPerCall the calling threads' CPU time per call (on SQLite the transaction's work runs on a
     *                         calling thread, so this is all of it; on PostgreSQL the client's share)
     */
    private record Rate(double perSecond, double cpuMicrosPerCall) {}

    /** Calls per second of {@code threads} threads, each repeating its own work, over {@code seconds}. */
    private static Rate rate(long seconds, int threads, IntFunction<Runnable> work) throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        LongAdder done = new LongAdder();
        LongAdder cpuNanos = new LongAdder();
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Runnable each = work.apply(i);
            Thread worker = Thread.ofPlatform().start(() -> {
                long begin = cpu.getCurrentThreadCpuTime();
                while (running.get()) {
                    each.run();
                    done.increment();
                }
                cpuNanos.add(cpu.getCurrentThreadCpuTime() - begin);
            });
            workers.add(worker);
        }
        long start = System.nanoTime();
        Thread.sleep(TimeUnit.SECONDS.toMillis(seconds));
        running.set(false);
        for (Thread worker : workers) {
            worker.join();
        }
        double calls = done.sum();
        return new Rate(calls / ((System.nanoTime() - start) / 1e9), cpuNanos.sum() / 1e3 / calls);
    }

    // ---- wait_for_mail wake latency

    private static void wake(String backend, Path dir) throws Exception {
        int rounds = Integer.getInteger("bench.rounds", 30);
        try (MailboxHarness waiter = MailboxHarness.open(backend, dir, "backend")) {
            MailboxHarness other = waiter.as("frontend");
            report(
                    "same server",
                    latencies(
                            waiter,
                            rounds,
                            round -> callAs(
                                    waiter,
                                    "frontend",
                                    "send_message",
                                    args("to", "backend", "topic", "w" + round, "body", "x"))));
            report("another server, same JVM", latencies(waiter, rounds, round -> other.send("backend", "w", "x")));
        }
        if (backend.equals("sqlite")) {
            Path processDir = Files.createDirectories(dir.resolve("processes"));
            try (MailboxHarness waiter = MailboxHarness.open(backend, processDir, "backend")) {
                Process child = new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java")
                                        .toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                SenderProcess.class.getName(),
                                processDir.toString(),
                                "frontend",
                                "backend")
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                try (PrintWriter toChild = new PrintWriter(child.getOutputStream(), true, StandardCharsets.UTF_8);
                        BufferedReader fromChild = new BufferedReader(
                                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    if (!"ready".equals(fromChild.readLine())) {
                        throw new IllegalStateException("the sender process did not start");
                    }
                    long[] micros = new long[rounds];
                    for (int round = 0; round < rounds; round++) {
                        long[] returned = new long[1];
                        CompletableFuture<ToolResult> wait = CompletableFuture.supplyAsync(() -> {
                            ToolResult answer = waiter.call("wait_for_mail", args("timeout_s", 20));
                            returned[0] = micros(Instant.now());
                            return answer;
                        });
                        settle();
                        toChild.println(round);
                        long sent = Long.parseLong(fromChild.readLine());
                        awake(wait);
                        micros[round] = returned[0] - sent;
                    }
                    report("another process", micros);
                } finally {
                    child.destroy();
                    child.waitFor(30, TimeUnit.SECONDS);
                }
            }
        }
    }

    /** Wake latencies in microseconds, one per round. */
    private static long[] latencies(MailboxHarness waiter, int rounds, IntConsumer send) throws Exception {
        long[] micros = new long[rounds];
        for (int round = 0; round < rounds; round++) {
            long[] returned = new long[1];
            CompletableFuture<ToolResult> wait = CompletableFuture.supplyAsync(() -> {
                ToolResult answer = waiter.call("wait_for_mail", args("timeout_s", 20));
                returned[0] = System.nanoTime();
                return answer;
            });
            settle();
            send.accept(round);
            long sent = System.nanoTime();
            awake(wait);
            micros[round] = (returned[0] - sent) / 1000;
        }
        return micros;
    }

    private static void awake(CompletableFuture<ToolResult> wait) throws Exception {
        Map<String, Object> answer = ToolResults.success(wait.get(30, TimeUnit.SECONDS), "wait_for_mail", Map.of())
                .structuredContent();
        if (!Boolean.FALSE.equals(answer.get("timed_out"))) {
            throw new IllegalStateException("a wait timed out: " + answer);
        }
    }

    private static void report(String how, long[] micros) {
        long[] sorted = micros.clone();
        Arrays.sort(sorted);
        OUT.printf(
                Locale.ROOT,
                "wait_for_mail wake, %s (%d rounds): p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                how,
                sorted.length,
                percentile(sorted, 50),
                percentile(sorted, 99),
                sorted[sorted.length - 1] / 1000.0);
    }

    /** Lets a started wait reach its sleep before the next send. */
    private static void settle() throws InterruptedException {
        Thread.sleep(Long.getLong("bench.settleMillis", 100));
    }

    /** Calls a tool on {@code session}'s server as {@code role}, as a channel-role principal of one process would. */
    private static ToolResult callAs(MailboxHarness session, String role, String tool, Map<String, Object> arguments) {
        Principal principal =
                new Principal(role, Principal.Kind.CHANNEL_ROLE, Map.of("channel", "local", "role", role));
        ToolResult result = session.bed()
                .call(new ToolCall(
                        tool,
                        arguments,
                        principal,
                        "bench",
                        Map.of(),
                        Cancellation.NONE,
                        ProgressReporter.NONE,
                        LogSink.NONE,
                        ClientRequests.NONE));
        ToolResults.success(result, tool, arguments);
        return result;
    }

    /** @return the instant in microseconds since the epoch */
    static long micros(Instant instant) {
        return TimeUnit.SECONDS.toMicros(instant.getEpochSecond()) + instant.getNano() / 1000;
    }

    /** Nearest-rank percentile of sorted values, in the values' unit divided by a thousand (ns to us, us to ms). */
    private static double percentile(long[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e3;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
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
