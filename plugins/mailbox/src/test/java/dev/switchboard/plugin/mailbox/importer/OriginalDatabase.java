package dev.switchboard.plugin.mailbox.importer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Writes a channel database with ai-agent-channel's schema (seed-features §1C.3) over plain JDBC, as the original's
 * releases left them: {@link #current} is schema step 2 (package 0.2.0, WAL mode, as the original opens its files),
 * {@link #legacy} a file from before the numbered steps (no {@code status} nor any column added since, no
 * {@code message_events}, {@code message_recipients} or {@code content_blobs}). Rows are added with {@link #sql}.
 */
final class OriginalDatabase implements AutoCloseable {

    private final Connection connection;

    private OriginalDatabase(Path file) throws SQLException {
        this.connection = DriverManager.getConnection("jdbc:sqlite:" + file);
    }

    /** @return a file at schema step 2, stamped {@code user_version} = {@code version} */
    static OriginalDatabase current(Path file, int version) throws SQLException {
        OriginalDatabase db = new OriginalDatabase(file);
        db.sql("PRAGMA journal_mode = WAL");
        db.sql("""
                CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, from_role TEXT NOT NULL,
                  to_role TEXT NOT NULL, topic TEXT NOT NULL, body TEXT NOT NULL,
                  action_required INTEGER NOT NULL DEFAULT 0, reply_to INTEGER NULL REFERENCES messages(id),
                  created_at TEXT NOT NULL, read_at TEXT NULL, status TEXT NULL, resolved_by TEXT NULL,
                  resolved_at TEXT NULL, resolution_note TEXT NULL, kind TEXT NULL, work_status TEXT NULL,
                  blocked_by INTEGER NULL, deleted_at TEXT NULL, pin_key TEXT NULL, about_message_id INTEGER NULL,
                  voters TEXT NULL, superseded_at TEXT NULL, opened_at TEXT NULL, addenda TEXT NULL,
                  decision_requested INTEGER NOT NULL DEFAULT 1, revised_at TEXT NULL)""");
        db.sql("""
                CREATE TABLE pinned_entries (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL,
                  title TEXT NOT NULL, body TEXT NOT NULL, version TEXT NOT NULL, updated_by TEXT NOT NULL,
                  updated_at TEXT NOT NULL, approved_by INTEGER NULL, body_sha256 TEXT NULL,
                  body_length_bytes INTEGER NULL, body_length_chars INTEGER NULL)""");
        db.sql("""
                CREATE TABLE acknowledgements (id INTEGER PRIMARY KEY AUTOINCREMENT,
                  message_id INTEGER NOT NULL REFERENCES messages(id), role TEXT NOT NULL, decision TEXT NOT NULL,
                  note TEXT NULL, created_at TEXT NOT NULL, UNIQUE (message_id, role))""");
        db.sql("""
                CREATE TABLE message_events (id INTEGER PRIMARY KEY AUTOINCREMENT,
                  message_id INTEGER NOT NULL REFERENCES messages(id), event TEXT NOT NULL, role TEXT NOT NULL,
                  note TEXT NULL, created_at TEXT NOT NULL, pin_keys TEXT NULL)""");
        db.sql("""
                CREATE TABLE message_recipients (message_id INTEGER NOT NULL REFERENCES messages(id),
                  to_role TEXT NOT NULL, read_at TEXT NULL, opened_at TEXT NULL, PRIMARY KEY (message_id, to_role))""");
        db.sql("CREATE TABLE channel_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        db.sql("""
                CREATE TABLE content_blobs (id INTEGER PRIMARY KEY AUTOINCREMENT, role TEXT NOT NULL,
                  label TEXT NULL, body TEXT NOT NULL, sealed INTEGER NOT NULL DEFAULT 0, sha256 TEXT NULL,
                  length_bytes INTEGER NULL, length_chars INTEGER NULL, created_at TEXT NOT NULL,
                  sealed_at TEXT NULL)""");
        db.sql("""
                CREATE VIRTUAL TABLE messages_fts USING fts5 (topic, body, content = 'messages',
                  content_rowid = 'id', tokenize = 'trigram')""");
        db.sql("INSERT INTO channel_meta (key, value) VALUES ('fts_version', '2')");
        db.sql("PRAGMA user_version = " + version);
        return db;
    }

    /** @return a file from before the numbered schema steps ({@code user_version} 0) */
    static OriginalDatabase legacy(Path file) throws SQLException {
        OriginalDatabase db = new OriginalDatabase(file);
        db.sql("""
                CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, from_role TEXT NOT NULL,
                  to_role TEXT NOT NULL, topic TEXT NOT NULL, body TEXT NOT NULL,
                  action_required INTEGER NOT NULL DEFAULT 0, reply_to INTEGER NULL, created_at TEXT NOT NULL,
                  read_at TEXT NULL)""");
        db.sql("""
                CREATE TABLE pinned_entries (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL,
                  title TEXT NOT NULL, body TEXT NOT NULL, version TEXT NOT NULL, updated_by TEXT NOT NULL,
                  updated_at TEXT NOT NULL)""");
        return db;
    }

    /** Runs a statement with positional parameters. */
    OriginalDatabase sql(String statement, Object... parameters) throws SQLException {
        if (parameters.length == 0) {
            try (Statement plain = connection.createStatement()) {
                plain.execute(statement);
            }
            return this;
        }
        try (PreparedStatement prepared = connection.prepareStatement(statement)) {
            for (int i = 0; i < parameters.length; i++) {
                prepared.setObject(i + 1, parameters[i]);
            }
            prepared.execute();
        }
        return this;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
