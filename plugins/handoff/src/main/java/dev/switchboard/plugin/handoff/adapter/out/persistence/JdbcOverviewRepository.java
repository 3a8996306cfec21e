package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadOverviewPort;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Sequence;

/**
 * The owner's overview of {@code handoff_project}, {@code handoff_cursor} and {@code handoff_cursor_ahead} in one
 * query on both dialects: the first projects by key (window-counted in all), each joined to its first consumers'
 * cursors (window-numbered and counted per project) and the count of each cursor's handled-ahead sequences, so a page
 * costs one round trip however many projects it shows. Plain JDBC on one read snapshot (derived tables, window functions
 * and a correlated count read more plainly as SQL than as jOOQ's DSL), the same text on SQLite (window functions, 3.25
 * and later) and PostgreSQL; the table and column names are those of {@link HandoffTables}. Thread-safe.
 */
public final class JdbcOverviewRepository implements LoadOverviewPort {

    static final String OVERVIEW = """
            SELECT p.project_key, p.latest_sequence, p.projects, c.consumer, c.through_sequence, c.consumers,
                   (SELECT count(*) FROM handoff_cursor_ahead a
                     WHERE a.project_key = c.project_key AND a.consumer = c.consumer
                       AND a.sequence > c.through_sequence AND a.sequence <= p.latest_sequence) AS ahead
              FROM (SELECT project_key, latest_sequence, count(*) OVER () AS projects
                      FROM handoff_project ORDER BY project_key LIMIT ?) p
              LEFT JOIN (SELECT project_key, consumer, through_sequence,
                                row_number() OVER (PARTITION BY project_key ORDER BY consumer) AS position,
                                count(*) OVER (PARTITION BY project_key) AS consumers
                           FROM handoff_cursor) c
                ON c.project_key = p.project_key AND c.position <= ?
             ORDER BY p.project_key, c.consumer""";

    private final Database db;

    @Inject
    JdbcOverviewRepository(Database db) {
        this.db = db;
    }

    @Override
    public Overview overview(int projects, int consumers) {
        if (projects < 1 || consumers < 1) {
            throw new IllegalArgumentException("limits must be at least 1: " + projects + ", " + consumers);
        }
        return db.snapshot(connection -> {
            try (PreparedStatement statement = connection.prepareStatement(OVERVIEW)) {
                statement.setInt(1, projects);
                statement.setInt(2, consumers);
                try (ResultSet rows = statement.executeQuery()) {
                    return page(rows);
                }
            }
        });
    }

    private static Overview page(ResultSet rows) throws SQLException {
        List<ProjectLine> lines = new ArrayList<>();
        long total = 0;
        String key = null;
        Sequence latest = null;
        long consumersInAll = 0;
        List<ConsumerLine> consumers = new ArrayList<>();
        while (rows.next()) {
            String rowKey = rows.getString("project_key");
            if (!rowKey.equals(key)) {
                if (key != null) {
                    lines.add(line(key, latest, consumers, consumersInAll));
                }
                key = rowKey;
                latest = Sequence.of(rows.getLong("latest_sequence"));
                total = rows.getLong("projects");
                consumers = new ArrayList<>();
                consumersInAll = 0;
            }
            String consumer = rows.getString("consumer");
            if (consumer != null) {
                Sequence through = Sequence.of(rows.getLong("through_sequence"));
                long ahead = rows.getLong("ahead");
                consumers.add(new ConsumerLine(consumer, through, Cursor.pending(through, ahead, latest)));
                consumersInAll = rows.getLong("consumers");
            }
        }
        if (key != null) {
            lines.add(line(key, latest, consumers, consumersInAll));
        }
        return new Overview(lines, Math.max(0, total - lines.size()));
    }

    private static ProjectLine line(String key, Sequence latest, List<ConsumerLine> consumers, long inAll) {
        return new ProjectLine(key, latest, consumers, Math.max(0, inAll - consumers.size()));
    }
}
