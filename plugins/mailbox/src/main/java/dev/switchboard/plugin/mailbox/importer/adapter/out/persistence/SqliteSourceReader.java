package dev.switchboard.plugin.mailbox.importer.adapter.out.persistence;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

import dev.switchboard.plugin.mailbox.channel.domain.Digest;
import dev.switchboard.plugin.mailbox.importer.application.port.out.SourceReader;
import dev.switchboard.plugin.mailbox.importer.application.port.out.UnreadableSourceException;
import dev.switchboard.plugin.mailbox.importer.domain.SourceAck;
import dev.switchboard.plugin.mailbox.importer.domain.SourceChannel;
import dev.switchboard.plugin.mailbox.importer.domain.SourceEvent;
import dev.switchboard.plugin.mailbox.importer.domain.SourceMessage;
import dev.switchboard.plugin.mailbox.importer.domain.SourcePin;
import dev.switchboard.plugin.mailbox.importer.domain.SourceSchema;
import dev.switchboard.plugin.mailbox.importer.domain.SourceShape;
import dev.switchboard.plugin.mailbox.importer.domain.SourceUpload;

/**
 * {@link SourceReader} over the SQLite JDBC driver the host ships: a read-only connection (no journal-mode or other
 * writing pragma, the file never created), one deferred transaction so every table is read from one snapshot, and
 * only the known columns the file has selected. Thread-safe (a connection per call).
 */
@Singleton
public final class SqliteSourceReader implements SourceReader {

    private static final int BUSY_TIMEOUT_MS = 5_000;

    @Override
    public SourceChannel read(Path file) {
        if (!Files.exists(file)) {
            throw new UnreadableSourceException(file + ": no such file", null);
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UnreadableSourceException(file + ": not a readable file", null);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.resetOpenMode(SQLiteOpenMode.CREATE);
        try (Connection connection = config.createConnection("jdbc:sqlite:" + location(file))) {
            connection.setAutoCommit(false);
            try {
                return read(connection);
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new UnreadableSourceException(
                    file + ": not a readable SQLite database (" + oneLine(e.getMessage()) + ")", e);
        } catch (NullPointerException e) {
            throw new UnreadableSourceException(
                    file + ": a row has no value in the NOT NULL column " + e.getMessage()
                            + " (a damaged channel database?)",
                    e);
        }
    }

    /**
     * The file as SQLite opens it: {@code immutable=1} when no {@code -wal} or {@code -journal} lies beside it (a
     * database its last connection closed cleanly), so SQLite writes nothing next to it (a read-only connection to a
     * WAL database otherwise leaves an empty {@code -wal} and a {@code -shm}); with one, the plain path, so that the
     * pages still in the WAL or the journal are read (the original is then still open, or crashed).
     */
    static String location(Path file) {
        Path absolute = file.toAbsolutePath();
        boolean sidecar = Files.exists(Path.of(absolute + "-wal")) || Files.exists(Path.of(absolute + "-journal"));
        return sidecar ? absolute.toString() : absolute.toUri() + "?immutable=1";
    }

    private static SourceChannel read(Connection connection) throws SQLException {
        SourceShape shape = shape(connection);
        Map<Long, List<SourceMessage.Delivery>> recipients = recipients(connection, shape);
        List<SourceMessage> messages = new ArrayList<>();
        query(connection, shape, "messages", "id", row -> {
            long id = row.id("id");
            messages.add(new SourceMessage(
                    id,
                    row.text("from_role"),
                    row.text("to_role"),
                    row.text("topic"),
                    row.text("body"),
                    row.flag("action_required", false),
                    row.number("reply_to"),
                    row.text("created_at"),
                    row.text("status"),
                    row.text("resolved_by"),
                    row.text("resolved_at"),
                    row.text("resolution_note"),
                    row.text("kind"),
                    row.text("work_status"),
                    row.number("blocked_by"),
                    row.text("deleted_at"),
                    row.text("pin_key"),
                    row.number("about_message_id"),
                    row.text("voters"),
                    row.text("superseded_at"),
                    row.text("addenda"),
                    row.flag("decision_requested", true),
                    row.text("revised_at"),
                    row.text("read_at"),
                    row.text("opened_at"),
                    recipients.getOrDefault(id, List.of())));
        });
        List<SourceAck> acks = new ArrayList<>();
        query(
                connection,
                shape,
                "acknowledgements",
                "id",
                row -> acks.add(new SourceAck(
                        row.id("message_id"),
                        row.text("role"),
                        row.text("decision"),
                        row.text("note"),
                        row.text("created_at"))));
        List<SourceEvent> events = new ArrayList<>();
        query(
                connection,
                shape,
                "message_events",
                "id",
                row -> events.add(new SourceEvent(
                        row.id("message_id"),
                        row.text("event"),
                        row.text("role"),
                        row.text("note"),
                        row.text("created_at"),
                        row.text("pin_keys"))));
        List<SourcePin> pins = new ArrayList<>();
        query(connection, shape, "pinned_entries", "id", row -> {
            String body = row.text("body");
            pins.add(new SourcePin(
                    row.text("key"),
                    row.text("title"),
                    body,
                    row.text("version"),
                    row.text("updated_by"),
                    row.text("updated_at"),
                    row.number("approved_by"),
                    digest(
                            body,
                            row.text("body_sha256"),
                            row.number("body_length_bytes"),
                            row.number("body_length_chars"))));
        });
        List<SourceUpload> uploads = new ArrayList<>();
        query(connection, shape, "content_blobs", "id", row -> {
            String body = row.text("body");
            boolean sealed = row.flag("sealed", false);
            uploads.add(new SourceUpload(
                    row.id("id"),
                    row.text("role"),
                    row.text("label"),
                    body,
                    sealed,
                    sealed
                            ? digest(body, row.text("sha256"), row.number("length_bytes"), row.number("length_chars"))
                            : Digest.of(body),
                    row.text("created_at"),
                    row.text("sealed_at")));
        });
        return new SourceChannel(shape, messages, acks, events, pins, uploads);
    }

    /** @return the file's digest columns when it has all three, else the body's digest (as the original backfills) */
    private static Digest digest(String body, String sha256, Long bytes, Long chars) {
        return sha256 != null && bytes != null && chars != null ? new Digest(sha256, bytes, chars) : Digest.of(body);
    }

    private static Map<Long, List<SourceMessage.Delivery>> recipients(Connection connection, SourceShape shape)
            throws SQLException {
        Map<Long, List<SourceMessage.Delivery>> byMessage = new HashMap<>();
        String order = shape.has("message_recipients", "message_id") ? "message_id" : null;
        query(
                connection,
                shape,
                "message_recipients",
                order,
                row -> byMessage
                        .computeIfAbsent(row.id("message_id"), id -> new ArrayList<>())
                        .add(new SourceMessage.Delivery(
                                row.text("to_role"), row.text("read_at"), row.text("opened_at"))));
        return byMessage;
    }

    private static SourceShape shape(Connection connection) throws SQLException {
        long version;
        Map<String, List<String>> tables = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("PRAGMA user_version")) {
                version = rows.next() ? rows.getLong(1) : 0;
            }
            List<String> names = new ArrayList<>();
            try (ResultSet rows =
                    statement.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
            for (String name : names) {
                List<String> columns = new ArrayList<>();
                try (PreparedStatement info = connection.prepareStatement("SELECT name FROM pragma_table_info(?)")) {
                    info.setString(1, name);
                    try (ResultSet rows = info.executeQuery()) {
                        while (rows.next()) {
                            columns.add(rows.getString(1));
                        }
                    }
                }
                tables.put(name, columns);
            }
        }
        return new SourceShape(version, tables);
    }

    /** One row's mapping, which may throw what JDBC throws. */
    @FunctionalInterface
    private interface RowReader {
        void read(SourceRow row) throws SQLException;
    }

    /** Reads every row of a known table the file has, selecting the known columns it has, in {@code orderBy} order. */
    private static void query(Connection connection, SourceShape shape, String table, String orderBy, RowReader reader)
            throws SQLException {
        if (!shape.has(table)) {
            return;
        }
        List<String> present = SourceSchema.columns(table).stream()
                .filter(column -> shape.has(table, column))
                .toList();
        if (present.isEmpty()) {
            return;
        }
        String sql = "SELECT "
                + String.join(", ", present.stream().map(c -> '"' + c + '"').toList()) + " FROM \"" + table + "\""
                + (orderBy != null && present.contains(orderBy) ? " ORDER BY \"" + orderBy + "\"" : "");
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            SourceRow row = new SourceRow(rows, present);
            while (rows.next()) {
                reader.read(row);
            }
        }
    }

    private static String oneLine(String message) {
        return message == null ? "no detail" : message.replaceAll("\\s+", " ").strip();
    }
}
