package dev.switchboard.plugin.handoff;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import dev.switchboard.plugin.handoff.domain.Checksum;
import dev.switchboard.ports.storage.SqlStorage;

/**
 * Writes rows as a database from before canonical keys would hold them: handoffs under non-canonical project keys
 * ({@code Raveil}, {@code raveil_}) and cursors on those keys. Plain JDBC, since no tool can create such rows.
 */
final class LegacyRows {

    /** The stored time format: UTC, fixed-width milliseconds. */
    private static final DateTimeFormatter STORED_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final SqlStorage storage;

    LegacyRows(SqlStorage storage) {
        this.storage = storage;
    }

    LegacyRows project(String storedKey, long latest) {
        storage.transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO handoff_project"
                    + " (project_key, display_name, latest_sequence, created_at, registered_by)"
                    + " VALUES (?, ?, ?, '2025-01-01T00:00:00.000Z', 'legacy')")) {
                insert.setString(1, storedKey);
                insert.setString(2, storedKey);
                insert.setLong(3, latest);
                return insert.executeUpdate();
            }
        });
        return this;
    }

    LegacyRows handoff(String id, String storedKey, long sequence, Instant committedAt) {
        storage.transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO handoff_record"
                    + " (handoff_id, project_key, sequence, title, summary, content, kind, source, importance,"
                    + " sensitivity, payload_fingerprint, checksum, published_by, committed_at)"
                    + " VALUES (?, ?, ?, ?, 'legacy summary', ?, 'context', 'chatgpt', 'normal', 'normal', 'legacy',"
                    + " ?, 'legacy', ?)")) {
                String content = "legacy content of " + id;
                insert.setString(1, id);
                insert.setString(2, storedKey);
                insert.setLong(3, sequence);
                insert.setString(4, "Legacy " + id);
                insert.setString(5, content);
                insert.setString(6, Checksum.of(content).value());
                insert.setString(7, STORED_TIME.format(committedAt));
                return insert.executeUpdate();
            }
        });
        return this;
    }

    LegacyRows cursor(String storedKey, String consumer, long through) {
        storage.transaction(connection -> {
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO handoff_cursor"
                    + " (project_key, consumer, through_sequence, updated_at)"
                    + " VALUES (?, ?, ?, '2025-01-01T00:00:00.000Z')")) {
                insert.setString(1, storedKey);
                insert.setString(2, consumer);
                insert.setLong(3, through);
                return insert.executeUpdate();
            }
        });
        return this;
    }
}
