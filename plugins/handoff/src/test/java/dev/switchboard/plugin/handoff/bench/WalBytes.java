package dev.switchboard.plugin.handoff.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import dev.switchboard.testkit.storage.TestDatabase;

/**
 * How many bytes of WAL the benchmark's PostgreSQL server wrote while each measure ran: the insert position
 * ({@code pg_current_wal_insert_lsn()}) read before and after every run of a measure, on a connection of its own. WAL
 * is the server's, not a database's, so whatever else the server did meanwhile (the notifier's {@code NOTIFY}s, the
 * checkpointer) counts for the measure that ran. It also counts the server's WAL syncs ({@code pg_stat_wal.wal_sync}:
 * the {@code fdatasync} calls of backends and of the WAL writer), which tells whether a measure's commits were durable
 * (at least one sync per commit when one client commits at a time) and how many commits shared each flush. Backends
 * report their statistics at most once a second, so a run's last second of syncs may count for the next run; over
 * rounds of several seconds the share is small. Not thread-safe: one benchmark thread.
 */
final class WalBytes implements AutoCloseable {

    private final Connection connection;

    WalBytes(TestDatabase database) throws SQLException {
        this.connection = database.connect();
    }

    /** @return the WAL insert position, in bytes from the start */
    long position() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT pg_current_wal_insert_lsn() - '0/0'::pg_lsn")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /** @return the server's WAL syncs so far, as its cumulative statistics count them */
    long syncs() throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT wal_sync FROM pg_stat_wal")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * @return the measures, each adding the WAL bytes written while it runs to {@code bytes} and the WAL syncs to
     *         {@code syncs} at its index
     */
    List<Rounds.Measure> counting(List<Rounds.Measure> measures, long[] bytes, long[] syncs) {
        List<Rounds.Measure> counting = new ArrayList<>();
        for (int i = 0; i < measures.size(); i++) {
            int measure = i;
            counting.add(ms -> {
                long before = position();
                long syncsBefore = syncs();
                long count = measures.get(measure).run(ms);
                bytes[measure] += position() - before;
                syncs[measure] += syncs() - syncsBefore;
                return count;
            });
        }
        return counting;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
