package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresVersion;
import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.Migration;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/** The provider on the embedded server: the schema it creates, what it shows, what the doctor reads from it. */
class PostgresStorageProviderTest {

    @TempDir
    Path dir;

    private PostgresStorageProvider provider(Map<String, Object> settings) {
        return new PostgresStorageProvider(new PluginContext("storage-postgres", settings, dir), Map.of());
    }

    @Test
    void aMissingSchemaIsCreatedAndUsedAsTheSearchPath() throws SQLException {
        TestDatabase database = TestPostgres.database();
        PostgresStorageProvider provider = provider(database.settings(Map.of("schema", "team_a")));
        try {
            SqlStorage storage = provider.open();
            storage.migrate("t", List.of(new Migration(1, "create", "CREATE TABLE t_thing(x INTEGER);")));

            assertThat(storage.backend()).isEqualTo("postgres");
            assertThat(storage.location()).isEqualTo(database.url() + "?currentSchema=team_a");
            assertThat(storage.clientLocation()).isEqualTo(database.name());
        } finally {
            provider.close();
        }
        try (Connection c = database.connect();
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT table_schema FROM information_schema.tables"
                        + " WHERE table_name IN ('t_thing', 'switchboard_schema_version') ORDER BY 1")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("team_a");
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("team_a");
        }
    }

    @Test
    void anUnreachableServerFailsTheOpenNamingTheUrlWithoutCredentials() throws Exception {
        int freePort;
        try (ServerSocket socket = new ServerSocket(0)) {
            freePort = socket.getLocalPort();
        }
        String url = "jdbc:postgresql://127.0.0.1:" + freePort + "/sb";
        PostgresStorageProvider provider = new PostgresStorageProvider(
                new PluginContext("storage-postgres", Map.of("url", url, "connect-timeout-ms", 500), dir),
                Map.of("SWITCHBOARD_POSTGRES_PASSWORD", "s3cret"));

        assertThatThrownBy(provider::open)
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("cannot open PostgreSQL at " + url)
                .hasMessageNotContaining("s3cret")
                .satisfies(e -> assertThat(((StorageException) e).clientMessage())
                        .as("what clients are told")
                        .isEqualTo(
                                "cannot open the PostgreSQL storage: the server cannot be reached (SQLSTATE 08001)"));
    }

    @Test
    void aWrongPasswordFailsTheOpenAtOnceAsAnAuthenticationFailureOfTheUser() {
        TestPostgres.passwordRole("sb_password_user", "the-right-one");
        TestDatabase database = TestPostgres.database();
        // A connect timeout far above the bound below, so that a busy host's slow refusal is not taken for a wait.
        Map<String, Object> settings =
                Map.of("url", database.url(), "user", "sb_password_user", "connect-timeout-ms", 30_000);
        PostgresStorageProvider wrong = new PostgresStorageProvider(
                new PluginContext("storage-postgres", settings, dir),
                Map.of("SWITCHBOARD_POSTGRES_PASSWORD", "a-wrong-one"));

        long start = System.nanoTime();
        assertThatThrownBy(wrong::open)
                .isInstanceOf(StorageException.class)
                .hasMessageStartingWith("cannot open PostgreSQL at " + database.url()
                        + ": authentication failed for user sb_password_user (SQLSTATE 28P01)")
                .hasMessageNotContaining("a-wrong-one")
                .hasMessageNotContaining("\n")
                .satisfies(e -> assertThat(((StorageException) e).clientMessage())
                        .isEqualTo(
                                "cannot open the PostgreSQL storage: the server refused the login (SQLSTATE 28P01)"));
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .as("no waiting for the pool's connect timeout (30 s)")
                .isLessThan(Duration.ofSeconds(10));

        PostgresStorageProvider right = new PostgresStorageProvider(
                new PluginContext("storage-postgres", settings, dir),
                Map.of("SWITCHBOARD_POSTGRES_PASSWORD", "the-right-one"));
        try {
            assertThat(right.open().backend()).isEqualTo("postgres");
        } finally {
            right.close();
        }
    }

    @Test
    void theDoctorReportsServerVersionMigrationsAndPasswordlessRules() {
        TestDatabase database = TestPostgres.database();
        PostgresStorageProvider provider = provider(database.settings());
        PostgresHealthCheck check = new PostgresHealthCheck(provider);
        assertThat(check.examine())
                .as("nothing to say before the backend is opened")
                .isEmpty();
        try {
            provider.open().migrate("notes", List.of(new Migration(1, "create", "CREATE TABLE n(x INTEGER);")));

            List<HealthFinding> findings = check.examine();

            assertThat(findings).allMatch(f -> f.severity() == HealthFinding.Severity.OK);
            assertThat(findings)
                    .extracting(HealthFinding::message)
                    .anyMatch(m -> m.startsWith("connected to PostgreSQL at " + database.url()))
                    .anyMatch(m -> m.startsWith("PostgreSQL " + TestPostgres.major() + ".")
                            && m.endsWith(": supported (Switchboard needs PostgreSQL " + PostgresVersion.MINIMUM_MAJOR
                                    + " or newer)"))
                    .anyMatch(m -> m.equals("the connection is loopback or requires TLS"))
                    .anyMatch(m -> m.equals("schema public migrations: notes at version 1"))
                    // the embedded server trusts loopback connections only
                    .anyMatch(m -> m.contains("from loopback addresses only"));
        } finally {
            provider.close();
        }
    }

    @Test
    void aRoleThatMayNotReadTheHbaRulesGetsUnknown() throws SQLException {
        TestDatabase database = TestPostgres.database();
        String role = "plain_" + database.name();
        try (Connection c = database.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + role + " LOGIN");
            s.execute("GRANT CREATE ON DATABASE " + database.name() + " TO " + role);
            s.execute("GRANT ALL ON SCHEMA public TO " + role);
        }
        PostgresStorageProvider provider = provider(Map.of("url", database.url(), "user", role));
        try {
            provider.open();

            assertThat(new PostgresHealthCheck(provider).examine())
                    .filteredOn(f -> f.message().contains("pg_hba.conf lets role " + role))
                    .singleElement()
                    .satisfies(f -> assertThat(f.severity()).isEqualTo(HealthFinding.Severity.UNKNOWN))
                    .satisfies(f -> assertThat(f.message()).startsWith("whether pg_hba.conf lets role " + role));
        } finally {
            provider.close();
        }
    }

    @Test
    void aRemoteHostWithoutRequiredTlsIsADoctorWarning() {
        TestDatabase database = TestPostgres.database();
        // the driver reaches the embedded server on the first host; the second is another machine's name
        String url = "jdbc:postgresql://localhost:" + database.port() + ",db.example.invalid:" + database.port() + "/"
                + database.name();
        PostgresStorageProvider provider = provider(Map.of("url", url, "user", TestPostgres.SUPERUSER));
        try {
            provider.open();

            assertThat(new PostgresHealthCheck(provider).examine())
                    .filteredOn(f -> f.severity() == HealthFinding.Severity.WARNING)
                    .singleElement()
                    .satisfies(f -> assertThat(f.message())
                            .startsWith("the connection to PostgreSQL on db.example.invalid may travel as plain text"
                                    + " (sslmode=prefer;")
                            .contains("sslmode=verify-full"));
        } finally {
            provider.close();
        }
    }
}
