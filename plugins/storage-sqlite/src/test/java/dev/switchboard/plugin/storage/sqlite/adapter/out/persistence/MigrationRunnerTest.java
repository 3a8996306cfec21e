package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.NOTES;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.OWNER;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.TAGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.storage.migration.MigrationRunner;

class MigrationRunnerTest {

    @TempDir
    Path temp;

    private SqliteSqlStorage open() {
        return SqliteSqlStorage.open(temp.resolve("test.db"), 5000);
    }

    @Test
    void recordsEachAppliedMigrationWithItsChecksumAndTime() throws SQLException {
        try (SqliteSqlStorage storage = open()) {
            assertThat(storage.migrate(OWNER, List.of(NOTES))).isEqualTo(1);
            assertThat(storage.migrate(OWNER, List.of(NOTES))).isEqualTo(1);

            assertThat(Sql.number(storage.dataSource(), "SELECT count(*) FROM notes"))
                    .isEqualTo(1);
            assertThat(Sql.versionRows(storage.dataSource())).containsExactly("notes|1|create notes");
            try (Connection connection = storage.dataSource().getConnection()) {
                assertThat(Sql.text(connection, "SELECT checksum FROM " + MigrationRunner.VERSION_TABLE))
                        .hasSize(64);
                assertThat(Sql.text(connection, "SELECT applied_at FROM " + MigrationRunner.VERSION_TABLE))
                        .matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
            }
        }
    }

    @Test
    void aFailingMigrationNamesItsStatementAndIsRolledBack() throws SQLException {
        Migration broken =
                new Migration(2, "half done", "CREATE TABLE half(x INTEGER);\nINSERT INTO missing_table VALUES (1);");
        try (SqliteSqlStorage storage = open()) {
            assertThatThrownBy(() -> storage.migrate(OWNER, List.of(NOTES, broken)))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("migration 2 of 'notes' (half done) failed at statement 2")
                    .hasMessageContaining("missing_table");

            assertThat(Sql.tableExists(storage.dataSource(), "notes")).isTrue();
            assertThat(Sql.tableExists(storage.dataSource(), "half")).isFalse();
            assertThat(Sql.versionRows(storage.dataSource())).containsExactly("notes|1|create notes");
        }
    }

    @Test
    void treatsCrlfLineEndsAsUnchanged() {
        Migration crlf = new Migration(1, "create notes", NOTES.sql().replace("\n", "\r\n"));
        try (SqliteSqlStorage storage = open()) {
            storage.migrate(OWNER, List.of(NOTES));

            assertThat(storage.migrate(OWNER, List.of(crlf, TAGS))).isEqualTo(2);
        }
    }

    @Test
    void emptyMigrationListCreatesNothing() throws SQLException {
        try (SqliteSqlStorage storage = open()) {
            assertThat(storage.migrate("quiet", List.of())).isZero();

            assertThat(Sql.tableExists(storage.dataSource(), MigrationRunner.VERSION_TABLE))
                    .isFalse();
        }
    }

    @Test
    void appliesTriggerMigrationWithBody() throws SQLException {
        Migration trigger = new Migration(2, "count notes", """
                CREATE TABLE note_count(n INTEGER NOT NULL);
                INSERT INTO note_count VALUES (0);
                CREATE TRIGGER notes_counted AFTER INSERT ON notes
                BEGIN
                    UPDATE note_count SET n = n + CASE WHEN new.body = '' THEN 0 ELSE 1 END;
                END;
                """);
        try (SqliteSqlStorage storage = open()) {
            storage.migrate(OWNER, List.of(NOTES, trigger));
            storage.transaction(connection -> Sql.update(connection, "INSERT INTO notes(body) VALUES ('x'), ('')"));

            assertThat(Sql.number(storage.dataSource(), "SELECT n FROM note_count"))
                    .isEqualTo(1);
        }
    }
}
