package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

import dev.switchboard.kernel.storage.CopyFailedException;
import dev.switchboard.kernel.storage.StorageCopy;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The kernel's {@code storage copy} into a real PostgreSQL leaves the target as it found it when the copy fails, so a
 * new copy can start at once: no empty tables, functions or recorded versions of the plugins stay behind.
 */
class StorageCopyUndoTest {

    private static final Migration NOTES = new Migration(
            1,
            "create notes",
            "CREATE TABLE notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL);\n"
                    + "CREATE FUNCTION notes_fold(t TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS 'SELECT lower(t)';\n"
                    + "CREATE INDEX notes_body ON notes (notes_fold(body));");
    private static final Migration TASKS =
            new Migration(1, "create tasks", "CREATE TABLE tasks (id BIGINT PRIMARY KEY, title TEXT NOT NULL);");

    @TempDir
    Path dir;

    private TestDatabase source;
    private TestDatabase target;
    private PostgresStorageProvider sourceProvider;
    private PostgresStorageProvider targetProvider;

    @BeforeEach
    void fillTheSource() throws SQLException {
        source = TestPostgres.database();
        target = TestPostgres.database();
        sourceProvider = provider(source, "source");
        SqlStorage sourceStorage = sourceProvider.open();
        sourceStorage.migrate("notes", List.of(NOTES));
        sourceStorage.migrate("tasks", List.of(TASKS));
        execute(source, "INSERT INTO notes VALUES (1, 'Hello'), (2, 'World')", "INSERT INTO tasks VALUES (1, 'ship')");
        targetProvider = provider(target, "target");
    }

    @AfterEach
    void close() {
        sourceProvider.close();
        targetProvider.close();
    }

    @Test
    void aMigrationTheTargetRefusesRemovesWhatTheEarlierOnesCreated() throws SQLException {
        Migration refused =
                new Migration(1, "create tasks", "CREATE TABLE tasks (id BIGINT PRIMARY KEY REFERENCES x);");

        assertThatThrownBy(() -> copy(Map.of("notes", List.of(NOTES), "tasks", List.of(refused))))
                .isInstanceOf(CopyFailedException.class)
                .hasMessageStartingWith("the copy failed and no row was committed: migration 1 of 'tasks'")
                .hasMessageContaining("is as it was before the copy")
                .hasMessageContaining("notes, notes_fold(text)");

        assertThat(pluginObjects(target)).isEmpty();
        assertThat(copy(Map.of("notes", List.of(NOTES), "tasks", List.of(TASKS))))
                .as("a new copy starts at once and copies every row")
                .isEqualTo(3L);
    }

    @Test
    void aRowTheTargetRefusesRemovesTheTablesFunctionsAndVersions() throws SQLException {
        // a column the target's tasks table lacks: the copy fails inside its transaction, after the migrations ran
        execute(source, "ALTER TABLE tasks ADD COLUMN owner TEXT");

        assertThatThrownBy(() -> copy(Map.of("notes", List.of(NOTES), "tasks", List.of(TASKS))))
                .isInstanceOf(CopyFailedException.class)
                .hasMessageContaining("has columns the target lacks")
                .hasMessageContaining("is as it was before the copy")
                .hasMessageNotContaining("DROP SCHEMA");

        assertThat(pluginObjects(target)).isEmpty();
    }

    /** @return the rows copied */
    private long copy(Map<String, List<Migration>> migrations) {
        PGSimpleDataSource from = new PGSimpleDataSource();
        from.setURL(source.url());
        from.setUser(source.user());
        return new StorageCopy(from, targetProvider.open(), migrations, List.of())
                .run().tables().stream().mapToLong(t -> t.rows()).sum();
    }

    /**
     * @return the target's tables other than the adapter's empty signal log (the migration version table included),
     *         and its functions
     */
    private static List<String> pluginObjects(TestDatabase database) throws SQLException {
        try (Connection connection = database.connect();
                Statement query = connection.createStatement();
                ResultSet rows = query.executeQuery("SELECT table_name::text FROM information_schema.tables"
                        + " WHERE table_schema = 'public' AND table_name <> 'switchboard_signal_log'"
                        + " UNION ALL SELECT proname::text FROM pg_proc WHERE pronamespace = 'public'::regnamespace")) {
            List<String> names = new java.util.ArrayList<>();
            while (rows.next()) {
                names.add(rows.getString(1));
            }
            return names;
        }
    }

    private PostgresStorageProvider provider(TestDatabase database, String name) {
        return new PostgresStorageProvider(
                new PluginContext("storage-postgres", database.settings(), dir.resolve(name)), Map.of());
    }

    private static void execute(TestDatabase database, String... statements) throws SQLException {
        try (Connection connection = database.connect();
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
