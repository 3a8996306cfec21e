package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.INDEX;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.NOTES;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.OWNER;
import static dev.switchboard.plugin.storage.sqlite.adapter.out.persistence.NotesMigrations.TAGS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SchemaTooNewException;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.storage.migration.MigrationRunner;

class MigrationRefusalTest {

    @TempDir
    Path temp;

    private SqliteSqlStorage open() {
        return SqliteSqlStorage.open(temp.resolve("test.db"), 5000);
    }

    @Test
    void aRefusedNewerSchemaNamesBothVersionsAndLeavesTheFileByteForByte() throws IOException, SQLException {
        try (SqliteSqlStorage storage = open()) {
            storage.migrate(OWNER, List.of(NOTES, TAGS));
        }
        String before = sha256(temp.resolve("test.db"));

        try (SqliteSqlStorage storage = open()) {
            assertThatThrownBy(() -> storage.migrate(OWNER, List.of(NOTES)))
                    .isInstanceOfSatisfying(SchemaTooNewException.class, e -> {
                        assertThat(e.owner()).isEqualTo(OWNER);
                        assertThat(e.databaseVersion()).isEqualTo(2);
                        assertThat(e.knownVersion()).isEqualTo(1);
                    })
                    .hasMessageContaining("'notes'")
                    .hasMessageContaining("version 2")
                    .hasMessageContaining("(1)");
            assertThat(Sql.versionRows(storage.dataSource()))
                    .containsExactly("notes|1|create notes", "notes|2|create tags");
        }
        assertThat(sha256(temp.resolve("test.db"))).isEqualTo(before);
    }

    @Test
    void refusesMalformedMigrationListsBeforeTouchingTheDatabase() throws SQLException {
        try (SqliteSqlStorage storage = open()) {
            assertThatThrownBy(() -> storage.migrate(OWNER, List.of(NOTES, INDEX)))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("1..2")
                    .hasMessageContaining("[1, 3]");
            assertThatThrownBy(() -> storage.migrate(OWNER, List.of(NOTES, NOTES)))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("[1, 1]");
            assertThatThrownBy(() -> storage.migrate(OWNER, List.of(new Migration(1, "nothing", "-- empty\n;"))))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("no SQL statement");
            assertThatThrownBy(() -> storage.migrate(" ", List.of(NOTES)))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("owner");

            assertThat(Sql.tableExists(storage.dataSource(), MigrationRunner.VERSION_TABLE))
                    .isFalse();
        }
    }

    @Test
    void refusesMigrationInsideTransaction() {
        try (SqliteSqlStorage storage = open()) {
            assertThatThrownBy(() -> storage.transaction(connection -> storage.migrate(OWNER, List.of(NOTES))))
                    .isInstanceOf(StorageException.class)
                    .hasMessageContaining("nested transaction");
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
