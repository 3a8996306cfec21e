package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The hooks' one connection (ADR 65) on the testkit's embedded PostgreSQL: the plugin's own settings, the pool's
 * session settings, read-only, and nothing created.
 */
class PostgresDirectConnectionTest {

    @TempDir
    Path dir;

    private final TestDatabase database = TestPostgres.database();

    @AfterEach
    void drop() {
        database.drop();
    }

    private PostgresDirectConnection direct(Map<String, Object> extra) {
        return PostgresDirectConnection.from(
                new PluginContext("storage-postgres", database.settings(extra), dir), Map.of(), dir);
    }

    @Test
    void opensOneReadOnlyConnectionOnTheConfiguredSchemaWithThePoolsSessionSettings() throws SQLException {
        try (Connection connection = direct(Map.of("schema", "team_a", "statement-timeout-ms", 1234))
                        .open();
                Statement statement = connection.createStatement()) {
            assertThat(connection.isReadOnly()).isTrue();
            assertThat(connection.getAutoCommit()).isFalse();
            assertThat(value(statement, "SHOW search_path")).isEqualTo("team_a");
            assertThat(value(statement, "SHOW statement_timeout")).isEqualTo("1234ms");
            assertThat(value(statement, "SHOW application_name")).isEqualTo("switchboard");
            assertThatThrownBy(() -> statement.execute("CREATE TABLE written (x int)"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
        }
    }

    @Test
    void createsNoSchemaThatIsMissing() throws SQLException {
        try (Connection connection = direct(Map.of("schema", "not_there")).open()) {
            connection.rollback();
        }
        try (Connection admin = database.connect();
                Statement statement = admin.createStatement();
                ResultSet rows =
                        statement.executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname = 'not_there'")) {
            rows.next();
            assertThat(rows.getInt(1)).isZero();
        }
    }

    @Test
    void aMalformedSettingIsRefusedBeforeAnyConnectionNamingItsKey() {
        assertThatThrownBy(() -> PostgresDirectConnection.from(
                        new PluginContext("storage-postgres", Map.of("url", "mysql://x"), dir), Map.of(), dir))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("url");
    }

    private static String value(Statement statement, String sql) throws SQLException {
        try (ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getString(1);
        }
    }
}
