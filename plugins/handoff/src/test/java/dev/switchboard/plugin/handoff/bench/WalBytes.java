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
 * checkpointer) counts for the measure that ran. Not thread-safe: one benchmark thread.
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

    /** @return the measures, each adding the WAL bytes written while it runs to {@code bytes} at its index */
    List<Rounds.Measure> counting(List<Rounds.Measure> measures, long[] bytes) {
        List<Rounds.Measure> counting = new ArrayList<>();
        for (int i = 0; i < measures.size(); i++) {
            int measure = i;
            counting.add(ms -> {
                long before = position();
                long count = measures.get(measure).run(ms);
                bytes[measure] += position() - before;
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
