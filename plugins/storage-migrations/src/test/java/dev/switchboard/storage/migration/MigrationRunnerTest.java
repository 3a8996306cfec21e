package dev.switchboard.storage.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SchemaTooNewException;
import dev.switchboard.ports.storage.SqlDialect;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/** The bookkeeping, the same on both backends: one table layout, one set of refusals. */
class MigrationRunnerTest {

    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Migration NOTES = new Migration(1, "create notes", """
            CREATE TABLE m_notes(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            INSERT INTO m_notes(id, body) VALUES (1, 'one; with a semicolon');
            """);
    private static final Migration TAGS = new Migration(2, "create tags", "CREATE TABLE m_tags(tag TEXT);");

    @TempDir
    Path dir;

    private JdbcMigrationTransactions.Connector connector(SqlDialect dialect) {
        if (dialect == SqlDialect.SQLITE) {
            String url = "jdbc:sqlite:" + dir.resolve("m.db");
            return () -> DriverManager.getConnection(url);
        }
        TestDatabase database = TestPostgres.database();
        return database::connect;
    }

    private static MigrationRunner runner(SqlDialect dialect, JdbcMigrationTransactions.Connector connector) {
        return new MigrationRunner(
                dialect,
                new JdbcMigrationTransactions(connector, List.of(), dialect.name()),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void recordsEachMigrationOnceWithItsChecksumAndTimeInTheSameLayout(SqlDialect dialect) throws SQLException {
        JdbcMigrationTransactions.Connector connector = connector(dialect);
        MigrationRunner runner = runner(dialect, connector);

        assertThat(runner.migrate("notes", List.of(TAGS, NOTES))).isEqualTo(2);
        assertThat(runner.migrate("notes", List.of(NOTES, TAGS))).isEqualTo(2);

        try (Connection c = connector.open()) {
            assertThat(rows(
                            c,
                            "SELECT owner, version, description, length(checksum), applied_at FROM "
                                    + MigrationRunner.VERSION_TABLE + " ORDER BY version"))
                    .containsExactly(
                            "notes|1|create notes|64|2026-12-01T12:00:00Z",
                            "notes|2|create tags|64|2026-12-01T12:00:00Z");
            assertThat(rows(c, "SELECT count(*) FROM m_notes")).containsExactly("1");
            assertThat(runner.recordedVersions(c)).containsExactly(java.util.Map.entry("notes", 2));
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aNewerSchemaIsRefusedWithNothingWritten(SqlDialect dialect) throws SQLException {
        JdbcMigrationTransactions.Connector connector = connector(dialect);
        runner(dialect, connector).migrate("notes", List.of(NOTES, TAGS));

        assertThatThrownBy(() -> runner(dialect, connector).migrate("notes", List.of(NOTES)))
                .isInstanceOfSatisfying(
                        SchemaTooNewException.class,
                        e -> assertThat(e.databaseVersion()).isEqualTo(2));
        try (Connection c = connector.open()) {
            assertThat(rows(c, "SELECT count(*) FROM " + MigrationRunner.VERSION_TABLE))
                    .containsExactly("2");
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aChangedMigrationIsRefusedByChecksumAndLaterOnesAreNotApplied(SqlDialect dialect) throws SQLException {
        JdbcMigrationTransactions.Connector connector = connector(dialect);
        runner(dialect, connector).migrate("notes", List.of(NOTES));
        Migration changed = new Migration(1, "create notes", NOTES.sql() + "-- edited\n");

        assertThatThrownBy(() -> runner(dialect, connector).migrate("notes", List.of(changed, TAGS)))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("was changed after it was applied");
        try (Connection c = connector.open()) {
            assertThat(rows(c, "SELECT max(version) FROM " + MigrationRunner.VERSION_TABLE))
                    .containsExactly("1");
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void aFailingMigrationIsRolledBackWholeAndNamesItself(SqlDialect dialect) throws SQLException {
        JdbcMigrationTransactions.Connector connector = connector(dialect);
        Migration broken =
                new Migration(1, "half done", "CREATE TABLE m_half(x INTEGER);\nINSERT INTO m_missing VALUES (1);");

        assertThatThrownBy(() -> runner(dialect, connector).migrate("notes", List.of(broken)))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("migration 1 of 'notes' (half done) failed")
                .hasMessageContaining("rolled back");
        try (Connection c = connector.open()) {
            // the version table was created in the same transaction, and rolled back with it
            assertThat(runner(dialect, connector).recordedVersions(c)).isEmpty();
            assertThatThrownBy(() -> rows(c, "SELECT count(*) FROM m_half")).isInstanceOf(SQLException.class);
        }
        assertThat(runner(dialect, connector).migrate("notes", List.of(NOTES))).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(value = SqlDialect.class, names = "POSTGRES")
    void aPostgresqlScriptWithDollarQuotedBodiesRunsWhole(SqlDialect dialect) throws SQLException {
        JdbcMigrationTransactions.Connector connector = connector(dialect);
        Migration function = new Migration(1, "create a function", """
                -- semicolons inside $$ and inside 'strings; too' must not split the script
                CREATE FUNCTION m_twice(t TEXT) RETURNS TEXT LANGUAGE plpgsql AS $body$
                BEGIN
                    RETURN t || ';' || t;
                END;
                $body$;
                /* a block /* nested */ comment; */
                CREATE TABLE m_words(w TEXT DEFAULT 'a; b');
                """);

        runner(dialect, connector).migrate("words", List.of(function));

        try (Connection c = connector.open()) {
            assertThat(rows(c, "SELECT m_twice('x')")).containsExactly("x;x");
        }
    }

    @ParameterizedTest
    @EnumSource(SqlDialect.class)
    void anEmptyMigrationIsRefusedBeforeTheDatabaseIsTouched(SqlDialect dialect) throws SQLException {
        JdbcMigrationTransactions.Connector connector = connector(dialect);

        assertThatThrownBy(() -> runner(dialect, connector)
                        .migrate("notes", List.of(new Migration(1, "nothing", "-- empty\n;"))))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("has no SQL statement");
        try (Connection c = connector.open()) {
            assertThat(runner(dialect, connector).recordedVersions(c)).isEmpty();
        }
    }

    private static List<String> rows(Connection connection, String query) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(query)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    values.add(result.getString(i));
                }
                rows.add(String.join("|", values));
            }
        }
        return rows;
    }
}
