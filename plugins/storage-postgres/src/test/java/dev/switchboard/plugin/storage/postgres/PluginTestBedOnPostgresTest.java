package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.storage.postgres.sample.NotesModule;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.testkit.PluginTestBed;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/** The testkit's bed runs a feature plugin on PostgreSQL: its migrations applied, its tools writing there. */
class PluginTestBedOnPostgresTest {

    @TempDir
    Path dir;

    @Test
    void aFeaturePluginRunsOnTheEmbeddedPostgresql() {
        TestDatabase database = TestPostgres.database();
        try (PluginTestBed bed =
                PluginTestBed.of("notes", new NotesModule()).postgres(database).start(dir)) {
            SqlStorage storage = bed.storage().orElseThrow();
            assertThat(storage.backend()).isEqualTo("postgres");
            assertThat(storage.dialect()).isEqualTo(SqlDialect.POSTGRES);
            assertThat(storage.location()).startsWith(database.url());

            assertThat(bed.ok("notes_add", Map.of("text", "first; with a semicolon")))
                    .containsEntry("body", "FIRST; WITH A SEMICOLON!")
                    .containsEntry("count", 1L);
            assertThat(bed.ok("notes_add", Map.of("text", "second"))).containsEntry("count", 2L);
        }
    }

    @Test
    void theBackendCanBeChosenByNameWithItsSettings() {
        TestDatabase database = TestPostgres.database();
        try (PluginTestBed bed = PluginTestBed.of("notes", new NotesModule())
                .backend("postgres")
                .storageSettings(database.settings(Map.of("schema", "notes_here")))
                .start(dir)) {
            assertThat(bed.storage().orElseThrow().location()).endsWith("currentSchema=notes_here");
            assertThat(bed.ok("notes_add", Map.of("text", "x"))).containsEntry("count", 1L);
        }
    }
}
