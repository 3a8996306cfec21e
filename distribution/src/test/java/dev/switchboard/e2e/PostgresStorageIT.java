package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.fixture.good.FixturePlugin;
import dev.switchboard.e2e.support.TestPlugins;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;
import dev.switchboard.testkit.storage.TestDatabase;
import dev.switchboard.testkit.storage.TestPostgres;

/**
 * The built distribution on the embedded PostgreSQL, selected by {@code kernel.storage: postgres} (here through the
 * environment): the bundled storage-postgres plugin opens it, a plugin's migrations run there once, and the doctor
 * reports on the server (a refused login as such); a server down at start fails the plugins that need it with a reason
 * that names no host or user to clients. Handoff is disabled in the copies that serve the fixture plugin.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): its installation, copies, databases and server processes are its own and it asserts no time; its tests run in turn on the
 * class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("PostgresStorageIT")
class PostgresStorageIT {

    @TempDir
    Path dir;

    private Installation installation() {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.FIXTURE.writeTo(installation.pluginsDir());
        CliRun disable = installation.run("plugins", "disable", "handoff");
        assertThat(disable.exitCode()).as(disable.describe()).isZero();
        return installation;
    }

    @Test
    void aPluginIsServedOnPostgresqlAndItsMigrationRunsOnceAcrossRestarts() throws SQLException {
        TestDatabase database = TestPostgres.database();
        Installation installation = installation();

        for (int start = 1; start <= 2; start++) {
            try (RawSession session = installation.serve(database.environment())) {
                session.initialize(1);
                session.send(Json.toolCall(2, "fixture_rows", Map.of()));
                JsonNode rows = session.awaitResponse(2).path("result").path("structuredContent");
                assertThat(rows.path("rows").asLong(-1))
                        .as("start %d: %s%s", start, rows, session.log())
                        .isEqualTo(1);
                session.send(Json.toolCall(3, "server_info", Map.of()));
                JsonNode storage = session.awaitResponse(3)
                        .path("result")
                        .path("structuredContent")
                        .path("storage");
                assertThat(storage.path("backend").asString("")).isEqualTo("postgres");
                // the database's name only: a client does not learn the server's host or port
                assertThat(storage.path("location").asString("")).isEqualTo(database.name());
            }
        }
        try (Connection c = database.connect();
                Statement s = c.createStatement();
                ResultSet rows = s.executeQuery(
                        "SELECT count(*) FROM switchboard_schema_version WHERE owner = '" + FixturePlugin.ID + "'")) {
            rows.next();
            assertThat(rows.getInt(1)).isEqualTo(1);
        }
    }

    @Test
    void theDoctorReportsThePostgresqlServerAndEachPluginsSchema() {
        TestDatabase database = TestPostgres.database();
        Installation installation = installation();

        CliRun doctor = installation.runWith(database.environment(), Set.of(), "doctor");

        assertThat(doctor.exitCode()).as(doctor.describe()).isZero();
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .contains("ok: storage postgres at " + database.url() + "?currentSchema=public")
                .anySatisfy(line ->
                        assertThat(line).startsWith("ok: storage-postgres").contains("PostgreSQL 17."))
                .anySatisfy(
                        line -> assertThat(line).contains("migrations:").contains(FixturePlugin.ID + " at version 1"))
                .anySatisfy(line -> assertThat(line).contains("from loopback addresses only"));
    }

    @Test
    void aRemoteHostWithoutTlsIsADoctorWarningAndTheDoctorStaysHealthy() {
        TestDatabase database = TestPostgres.database();
        Installation installation = installation();
        Map<String, String> env = new java.util.HashMap<>(database.environment());
        // the driver reaches the embedded server on the first host; the second names another machine
        env.put(
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__URL",
                "jdbc:postgresql://localhost:" + database.port() + ",db.example.invalid:" + database.port() + "/"
                        + database.name());

        CliRun doctor = installation.runWith(env, Set.of(), "doctor");

        assertThat(doctor.exitCode()).as(doctor.describe()).isZero();
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("warning: storage-postgres postgres: the connection to PostgreSQL on"
                                + " db.example.invalid may travel as plain text")
                        .contains("sslmode=verify-full"))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("ok: storage-postgres postgres: PostgreSQL ")
                        .endsWith(": supported (Switchboard needs PostgreSQL 14 or newer)"))
                .endsWith("healthy");
        assertThat(doctor.stderr())
                .as("the storage's start logs the warning too")
                .contains("the connection to PostgreSQL on db.example.invalid may travel as plain text")
                .doesNotContain("\tat ");
    }

    @Test
    void anUnreachableServerIsReportedByTheDoctorAsAProblem() {
        Installation installation = installation();

        CliRun doctor = installation.runWith(
                Map.of(
                        "SWITCHBOARD_KERNEL__STORAGE", "postgres",
                        "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__URL", "jdbc:postgresql://127.0.0.1:1/none",
                        "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__CONNECT_TIMEOUT_MS", "500"),
                Set.of(),
                "doctor");

        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("problem:")
                        .contains("cannot open PostgreSQL at jdbc:postgresql://127.0.0.1:1/none"));
    }

    @Test
    void aServerDownAtStartIsReportedToClientsWithoutItsAddressOrUserAndToTheOperatorWithThem() {
        Installation installation = Installation.copyOfBuilt(dir);
        Map<String, String> down = Map.of(
                "SWITCHBOARD_KERNEL__STORAGE", "postgres",
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__URL", "jdbc:postgresql://127.0.0.1:1/none",
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__USER", "sb_operator",
                "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__CONNECT_TIMEOUT_MS", "500");

        try (RawSession session = installation.serve(down)) {
            session.initialize(1);
            session.send(Json.toolCall(2, "frontispice_list_updates", Map.of("project", "p")));
            JsonNode failed = session.awaitResponse(2).path("result");
            session.send(Json.toolCall(3, "server_info", Map.of()));
            JsonNode info = session.awaitResponse(3).path("result");

            assertThat(failed.path("structuredContent").path("code").asString(""))
                    .as("%s%s", failed, session.log())
                    .isEqualTo("PLUGIN_FAILED");
            assertThat(failed.path("structuredContent")
                            .path("details")
                            .path("reason")
                            .asString(""))
                    .contains("cannot open the PostgreSQL storage: the server cannot be reached (SQLSTATE 08001)");
            for (JsonNode answer : new JsonNode[] {failed, info}) {
                assertThat(answer.toString())
                        .as("what a client sees")
                        .doesNotContain("127.0.0.1")
                        .doesNotContain("jdbc:")
                        .doesNotContain("sb_operator");
            }
            assertThat(session.stderr())
                    .as("the operator's log keeps the detail")
                    .contains("cannot open PostgreSQL at jdbc:postgresql://127.0.0.1:1/none as sb_operator");
        }
    }

    @Test
    void aWrongPasswordIsReportedByTheDoctorAsAnAuthenticationFailureOfTheUserInOneLine() {
        TestPostgres.passwordRole("sb_doctor_user", "the-right-one");
        TestDatabase database = TestPostgres.database();
        Installation installation = installation();

        CliRun doctor = installation.runWith(
                Map.of(
                        "SWITCHBOARD_KERNEL__STORAGE", "postgres",
                        "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__URL", database.url(),
                        "SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__USER", "sb_doctor_user",
                        "SWITCHBOARD_POSTGRES_PASSWORD", "a-wrong-one"),
                Set.of(),
                "doctor");

        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("problem:")
                        .contains("authentication failed for user sb_doctor_user (SQLSTATE 28P01)"));
        assertThat(doctor.stdout() + doctor.stderr()).doesNotContain("a-wrong-one");
    }
}
