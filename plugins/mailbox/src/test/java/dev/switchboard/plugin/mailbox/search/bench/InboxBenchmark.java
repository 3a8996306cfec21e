package dev.switchboard.plugin.mailbox.search.bench;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;

import java.io.PrintStream;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolResult;

/**
 * Times {@code read_inbox} with {@code limit} 1000 (every message, read or not) through the kernel's invoker, its
 * answer written as a transport writes it, against the floor in the same run: one plain JDBC query for the same 1,000
 * messages with the reader's delivery state (each row's columns as a JSON object, the body cut as listings cut it) and
 * the JSON of that listing, which is what a server without the tool's rules (a Node server over SQLite) does.
 */
final class InboxBenchmark {

    private static final int LIMIT = 1000;

    private static final String FLOOR =
            "SELECT m.id, m.from_role, m.to_role, m.topic, substr(m.body, 1, 65536) AS body,"
                    + " m.created_at, r.read_at, r.opened_at, m.action_required, m.reply_to, m.status, m.resolved_by,"
                    + " m.resolved_at, m.resolution_note, m.kind, m.work_status, m.deleted_at, m.pin_key, m.about_message_id,"
                    + " m.superseded_at, m.decision_requested, m.revised_at, m.voters"
                    + " FROM mailbox_message m JOIN mailbox_recipient r ON r.channel_id = m.channel_id AND r.message_id = m.id"
                    + " WHERE m.channel_id = 1 AND r.to_role = ? AND m.deleted_at IS NULL ORDER BY m.id DESC LIMIT ?";

    private InboxBenchmark() {}

    /** Prints one line: the tool's p50, p90, p99, the floor's p50 and the ratio. */
    static void measure(MailboxHarness reader, int warmUp, int calls, PrintStream out) {
        Map<String, Object> arguments = args("limit", LIMIT, "unread_only", false);
        long[] tool = new long[calls];
        long[] floor = new long[calls];
        long[] toolCpu = new long[calls];
        long[] floorCpu = new long[calls];
        int bytes = 0;
        int floorBytes = 0;
        Transactions transactions = reader.injector().getInstance(Transactions.class);
        for (int i = -warmUp; i < calls; i++) {
            long start = System.nanoTime();
            long startCpu = SearchBenchmark.THREADS.getCurrentThreadCpuTime();
            ToolResult result = reader.call("read_inbox", arguments);
            bytes = Answers.written(result).length;
            long middle = System.nanoTime();
            long middleCpu = SearchBenchmark.THREADS.getCurrentThreadCpuTime();
            floorBytes = Answers.listing(transactions
                            .read(1L, tx -> Outcome.done(rows(JooqTx.of(tx), reader.role())))
                            .orElse(refusal -> List.of()))
                    .length;
            long end = System.nanoTime();
            long endCpu = SearchBenchmark.THREADS.getCurrentThreadCpuTime();
            if (i >= 0) {
                toolCpu[i] = middleCpu - startCpu;
                floorCpu[i] = endCpu - middleCpu;
                tool[i] = middle - start;
                floor[i] = end - middle;
            }
        }
        Arrays.sort(tool);
        Arrays.sort(floor);
        Arrays.sort(toolCpu);
        Arrays.sort(floorCpu);
        double toolP50 = SearchBenchmark.percentile(tool, 50);
        double floorP50 = SearchBenchmark.percentile(floor, 50);
        out.printf(
                Locale.ROOT,
                "%nread_inbox limit %d: p50 %.2f ms, p90 %.2f, p99 %.2f (%d bytes); floor (one query + JSON) p50 %.2f ms"
                        + " (%d bytes); ratio %.2f; CPU p50 %.2f ms against the floor's %.2f ms: ratio %.2f%n",
                LIMIT,
                toolP50,
                SearchBenchmark.percentile(tool, 90),
                SearchBenchmark.percentile(tool, 99),
                bytes,
                floorP50,
                floorBytes,
                toolP50 / floorP50,
                SearchBenchmark.percentile(toolCpu, 50),
                SearchBenchmark.percentile(floorCpu, 50),
                SearchBenchmark.percentile(toolCpu, 50) / SearchBenchmark.percentile(floorCpu, 50));
    }

    private static List<Map<String, Object>> rows(JooqTx tx, String role) {
        List<Map<String, Object>> rows = new ArrayList<>(LIMIT);
        try (PreparedStatement select = tx.connection().prepareStatement(FLOOR)) {
            select.setString(1, role);
            select.setInt(2, LIMIT);
            try (ResultSet row = select.executeQuery()) {
                ResultSetMetaData columns = row.getMetaData();
                while (row.next()) {
                    Map<String, Object> entry = new LinkedHashMap<>();
                    for (int c = 1; c <= columns.getColumnCount(); c++) {
                        entry.put(columns.getColumnLabel(c), row.getObject(c));
                    }
                    rows.add(entry);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }
}
