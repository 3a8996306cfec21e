package dev.switchboard.plugin.mailbox.board;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.ports.call.Principal;

/**
 * Times every board page (the target: at most 50 ms p50 with 10,000 messages and 1,000 open debts). A {@code main}
 * in the test sources, not a test: it seeds a hosted channel of five roles through the tools ({@code bench.messages}
 * messages, 10,000 by default, of which {@code bench.debts} open debts, 1,000 by default, spread over the roles and
 * their work statuses, some blocked on others, plus 20 proposals with votes and a pin of 5 versions), then asks each
 * page {@code bench.warmUp} times (20) and times {@code bench.calls} more (200) through the board's endpoints as the
 * HTTP transport calls them (access check, one read transaction, the jte page rendered to bytes; no socket). Prints
 * per page ({@code bench.pages}, comma-separated, all by default) the wall p50, p90, p99 and the calling thread's CPU p50, in milliseconds, on the SQLite adapter's file.
 * With {@code bench.seeded} (a directory) the seeded channel is kept there, and a later run given the same directory
 * reuses it instead of seeding again: two builds can then be timed on the same data, one after the other.
 *
 * <p>Run: see {@code docs/performance.md} ("Board").
 */
final class BoardBenchmark {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final List<String> ROLES = List.of("lead", "frontend", "backend", "qa", "ops");

    private BoardBenchmark() {}

    public static void main(String[] args) throws Exception {
        int messages = Integer.getInteger("bench.messages", 10_000);
        int debts = Integer.getInteger("bench.debts", 1_000);
        int warmUp = Integer.getInteger("bench.warmUp", 20);
        int calls = Integer.getInteger("bench.calls", 200);
        String kept = System.getProperty("bench.seeded");
        Path dir = kept != null
                ? Files.createDirectories(Path.of(kept))
                : Files.createTempDirectory(args.length > 0 ? Path.of(args[0]) : Path.of("target"), "board-bench");
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            Board board = new Board(harness);
            Seeded seeded = Seeded.load(dir);
            if (seeded == null) {
                long seedStart = System.nanoTime();
                Map<String, Principal> as = new LinkedHashMap<>();
                board.create("bench", ROLES.toArray(String[]::new))
                        .forEach((role, token) -> as.put(role, board.principal(token)));
                seeded = seed(board, as, messages, debts);
                seeded.save(dir);
                System.out.printf(
                        Locale.ROOT,
                        "seeded %d messages (%d open debts) in %.1f s%n",
                        seeded.sent(),
                        debts,
                        (System.nanoTime() - seedStart) / 1e9);
            } else {
                System.out.printf(Locale.ROOT, "reusing %d seeded messages in %s%n", seeded.sent(), dir);
            }
            Map<String, String> pages = new LinkedHashMap<>();
            pages.put("index", "/board");
            pages.put("channel", "/board/bench");
            pages.put("feed", "/board/bench/feed");
            pages.put("thread", "/board/bench/thread/" + seeded.thread());
            pages.put("debt", "/board/bench/debt/" + seeded.debt());
            pages.put("proposal", "/board/bench/proposal/" + seeded.proposal());
            pages.put("pin", "/board/bench/pin?key=" + URLEncoder.encode("team/charter", StandardCharsets.UTF_8));
            System.out.printf(Locale.ROOT, "%-10s %8s %8s %8s %8s %8s%n", "page", "p50", "p90", "p99", "cpu p50", "KB");
            As owner = As.principal(Board.OWNER);
            List<String> only = List.of(System.getProperty("bench.pages", String.join(",", pages.keySet()))
                    .split(","));
            for (Map.Entry<String, String> page : pages.entrySet()) {
                if (!only.contains(page.getKey())) {
                    continue;
                }
                long[] wall = new long[calls];
                long[] cpu = new long[calls];
                int bytes = 0;
                for (int i = -warmUp; i < calls; i++) {
                    long start = System.nanoTime();
                    long startCpu = THREADS.getCurrentThreadCpuTime();
                    Board.Answer answer = board.get(page.getValue(), owner);
                    long end = System.nanoTime();
                    long endCpu = THREADS.getCurrentThreadCpuTime();
                    if (answer.status() != 200) {
                        throw new IllegalStateException(page.getKey() + ": " + answer.status());
                    }
                    bytes = answer.body().length();
                    if (i >= 0) {
                        wall[i] = end - start;
                        cpu[i] = endCpu - startCpu;
                    }
                }
                Arrays.sort(wall);
                Arrays.sort(cpu);
                System.out.printf(
                        Locale.ROOT,
                        "%-10s %8.2f %8.2f %8.2f %8.2f %8d%n",
                        page.getKey(),
                        percentile(wall, 50),
                        percentile(wall, 90),
                        percentile(wall, 99),
                        percentile(cpu, 50),
                        bytes / 1024);
            }
        }
    }

    /** What the seed sent that the pages show; kept beside the database so that a later run can reuse it. */
    private record Seeded(int sent, long thread, long debt, long proposal) {
        private static final String FILE = "seeded.txt";

        static Seeded load(Path dir) throws IOException {
            Path file = dir.resolve(FILE);
            if (!Files.exists(file)) {
                return null;
            }
            long[] v = Arrays.stream(Files.readString(file).trim().split(" "))
                    .mapToLong(Long::parseLong)
                    .toArray();
            return new Seeded((int) v[0], v[1], v[2], v[3]);
        }

        void save(Path dir) throws IOException {
            Files.writeString(dir.resolve(FILE), sent + " " + thread + " " + debt + " " + proposal + "\n");
        }
    }

    private static Seeded seed(Board board, Map<String, Principal> as, int messages, int debts) {
        int sent = 0;
        List<Long> open = new ArrayList<>();
        long thread = 0;
        for (int i = 0; i < debts; i++) {
            String from = ROLES.get(i % ROLES.size());
            String to = ROLES.get((i + 1) % ROLES.size());
            long id = id(board.ok(
                    as.get(from),
                    "send_message",
                    MailboxHarness.args(
                            "to", to, "topic", "task " + i, "body", "please do task " + i, "action_required", true)));
            sent++;
            switch (i % 5) {
                case 1 ->
                    board.ok(
                            as.get(to),
                            "set_work_status",
                            MailboxHarness.args("message_id", id, "work_status", "in_progress", "note", "on it"));
                case 2 ->
                    board.ok(
                            as.get(to),
                            "set_work_status",
                            MailboxHarness.args("message_id", id, "work_status", "needs_you"));
                case 3 -> {
                    if (!open.isEmpty()) {
                        board.ok(
                                as.get(to),
                                "set_work_status",
                                MailboxHarness.args(
                                        "message_id",
                                        id,
                                        "work_status",
                                        "blocked",
                                        "blocked_by",
                                        List.of(open.getLast()),
                                        "note",
                                        "waits on the one before"));
                    }
                }
                default -> {}
            }
            open.add(id);
        }
        long proposal = 0;
        for (int p = 0; p < 20; p++) {
            proposal = id(board.ok(
                    as.get("lead"),
                    "send_message",
                    MailboxHarness.args(
                            "to",
                            "*",
                            "kind",
                            "proc",
                            "pin_key",
                            "team/rule-" + p,
                            "about_message_id",
                            null,
                            "voters",
                            "*",
                            "topic",
                            "proposal " + p,
                            "body",
                            "agree to pin version " + p)));
            sent++;
            board.ok(as.get("qa"), "acknowledge", MailboxHarness.args("message_id", proposal, "decision", "agree"));
            board.ok(
                    as.get("ops"),
                    "acknowledge",
                    MailboxHarness.args("message_id", proposal, "decision", "needs_changes", "note", "not yet"));
        }
        StringBuilder charter = new StringBuilder();
        for (int v = 1; v <= 5; v++) {
            charter.append("rule ").append(v).append(": review every change\n");
            board.ok(
                    as.get("lead"),
                    "pin_set",
                    MailboxHarness.args(
                            "key",
                            "team/charter",
                            "title",
                            "Charter",
                            "version",
                            Integer.toString(v),
                            "body",
                            charter.toString()));
        }
        long previous = 0;
        while (sent < messages) {
            String from = ROLES.get(sent % ROLES.size());
            Map<String, Object> arguments = MailboxHarness.args(
                    "to", ROLES.get((sent + 2) % ROLES.size()), "topic", "note " + sent, "body", "status " + sent);
            // Threads of 10 messages, each a reply to the one before.
            if (previous != 0 && sent % 10 != 0) {
                arguments.put("reply_to", previous);
            }
            previous = id(board.ok(as.get(from), "send_message", arguments));
            if (thread == 0) {
                thread = previous;
            }
            sent++;
        }
        return new Seeded(sent, thread, open.get(debts / 2 + 3), proposal);
    }

    private static long id(Map<String, Object> sent) {
        return ((Number) sent.get("id")).longValue();
    }

    private static double percentile(long[] sorted, int p) {
        int rank = Math.max(1, (int) Math.ceil(p / 100.0 * sorted.length));
        return sorted[rank - 1] / 1e6;
    }
}
