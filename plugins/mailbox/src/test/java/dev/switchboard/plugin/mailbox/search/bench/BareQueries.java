package dev.switchboard.plugin.mailbox.search.bench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.ports.tool.Outcome;

/**
 * The floor of a one-term {@code search_messages} call: the bare index query for the page and one more, newest first,
 * over plain JDBC in the plugin's own read transaction (SQLite: FTS5 {@code MATCH} on the trigram table; PostgreSQL:
 * {@code LIKE} on the pg_trgm-indexed folded columns, hits in the topic first), with nothing loaded or written.
 */
final class BareQueries {

    /** The queries that have a bare form: one plain term of 3+ characters, folded as the index folds it. */
    private static final Map<String, String> TERMS =
            Map.of("rotation", "rotation", "kerberos", "kerberos", "ротаци", "ротаци");

    private static final String FTS5 =
            "SELECT m.id FROM mailbox_message_fts f JOIN mailbox_message m ON m.seq = f.rowid"
                    + " WHERE mailbox_message_fts MATCH ? AND m.channel_id = 1 AND m.deleted_at IS NULL"
                    + " ORDER BY f.rowid DESC LIMIT 51";

    private static final String TRIGRAM = "SELECT id FROM mailbox_message WHERE channel_id = 1 AND deleted_at IS NULL"
            + " AND (mailbox_fold(topic) LIKE ? OR mailbox_fold(body) LIKE ?)"
            + " ORDER BY CASE WHEN mailbox_fold(topic) LIKE ? THEN 0 ELSE 1 END, id DESC LIMIT 51";

    private BareQueries() {}

    /**
     * @return the bare query's p50 in milliseconds of wall time and of the calling thread's CPU time, or -1 and -1 when
     *     {@code query} has no bare form
     */
    static double[] p50(MailboxHarness frontend, String query, int warmUp, int calls) {
        String term = TERMS.get(query);
        if (term == null) {
            return new double[] {-1, -1};
        }
        boolean sqlite = frontend.backend().equals("sqlite");
        Transactions transactions = frontend.injector().getInstance(Transactions.class);
        long[] nanos = new long[calls];
        long[] cpu = new long[calls];
        for (int i = -warmUp; i < calls; i++) {
            long start = System.nanoTime();
            long startCpu = SearchBenchmark.THREADS.getCurrentThreadCpuTime();
            transactions.read(1L, tx -> {
                List<Long> ids = new ArrayList<>();
                try (PreparedStatement select = JooqTx.of(tx).connection().prepareStatement(sqlite ? FTS5 : TRIGRAM)) {
                    if (sqlite) {
                        select.setString(1, '"' + term + '"');
                    } else {
                        for (int p = 1; p <= 3; p++) {
                            select.setString(p, '%' + term + '%');
                        }
                    }
                    try (ResultSet rows = select.executeQuery()) {
                        while (rows.next()) {
                            ids.add(rows.getLong(1));
                        }
                    }
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
                return Outcome.done(ids);
            });
            if (i >= 0) {
                cpu[i] = SearchBenchmark.THREADS.getCurrentThreadCpuTime() - startCpu;
                nanos[i] = System.nanoTime() - start;
            }
        }
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        return new double[] {SearchBenchmark.percentile(nanos, 50), SearchBenchmark.percentile(cpu, 50)};
    }
}
