package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.NOTES;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.OWNER;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.TAGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.StorageException;

/** The bookkeeping table's layout is a file format: databases written by earlier builds must keep working. */
class SchemaVersionTableTest {

    @TempDir
    Path temp;

    @Test
    void continuesFromBookkeepingWrittenByAnEarlierBuild() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url())) {
            Sql.update(connection, """
                    CREATE TABLE switchboard_schema_version (
                        owner       TEXT    NOT NULL,
                        version     INTEGER NOT NULL,
                        description TEXT    NOT NULL,
                        checksum    TEXT    NOT NULL,
                        applied_at  TEXT    NOT NULL,
                        PRIMARY KEY (owner, version)
                    )""");
            Sql.update(connection, "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
            Sql.update(
                    connection,
                    "INSERT INTO switchboard_schema_version VALUES ('notes', 1, 'create notes', '" + sha256(NOTES.sql())
                            + "', '2026-01-02T03:04:05.123456Z')");
        }

        try (SqliteSqlStorage storage = open()) {
            assertThat(storage.migrate(OWNER, List.of(NOTES, TAGS))).isEqualTo(2);

            assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM notes"))
                    .isZero();
            assertThat(Sql.versionRows(storage.dataSource()))
                    .containsExactly("notes|1|create notes", "notes|2|create tags");
            assertThat(Sql.numbers(
                            storage.dataSource(),
                            "SELECT version FROM switchboard_schema_version" + " WHERE checksum = '"
                                    + sha256(TAGS.sql()) + "'"))
                    .containsExactly(2);
        }
    }

    @Test
    void reportsUnreadableBookkeepingAsStorageError() throws SQLException {
        try (Connection connection = DriverManager.getConnection(url())) {
            Sql.update(connection, "CREATE TABLE switchboard_schema_version (owner TEXT, version INTEGER)");
        }

        try (SqliteSqlStorage storage = open()) {
            assertThatThrownBy(() -> storage.migrate(OWNER, List.of(NOTES)))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("the schema version table switchboard_schema_version failed")
                    .hasMessageContaining("checksum");
            assertThat(Sql.tableExists(storage.dataSource(), "notes")).isFalse();
        }
    }

    private SqliteSqlStorage open() {
        return SqliteSqlStorage.open(temp.resolve("test.db"), 5000);
    }

    private String url() {
        return "jdbc:sqlite:" + temp.resolve("test.db");
    }

    private static String sha256(String sql) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(sql.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
