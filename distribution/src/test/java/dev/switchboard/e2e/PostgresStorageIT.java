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
 * reports on the server. Handoff is disabled in these copies until it has a PostgreSQL schema of its own.
 */
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
                assertThat(storage.path("location").asString("")).isEqualTo(database.url() + "?currentSchema=public");
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
}
