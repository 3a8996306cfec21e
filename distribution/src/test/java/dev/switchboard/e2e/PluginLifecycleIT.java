package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.fixture.broken.BrokenPlugin;
import dev.switchboard.e2e.fixture.broken.BrokenTool;
import dev.switchboard.e2e.fixture.good.FixturePlugin;
import dev.switchboard.e2e.support.TestPlugins;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * Installing, disabling, enabling and breaking plugins on a copy of the distribution, through the launcher's own
 * commands, and what {@code serve} and {@code doctor} make of it on the next start.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}; docs/testing.md, "Ordering and
 * threads"): each test's installation, plugins and processes are its own and it asserts no time; its tests run in turn
 * on the class's thread (the lock on the class's own name).
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("PluginLifecycleIT")
class PluginLifecycleIT {

    @TempDir
    Path dir;

    @Test
    void droppedInPluginIsServedAndFollowsDisableAndEnable() {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.FIXTURE.writeTo(installation.pluginsDir());

        assertThat(listedTools(installation)).contains("server_info").containsAll(TestPlugins.FIXTURE_TOOLS);

        CliRun disable = installation.run("plugins", "disable", FixturePlugin.ID);
        assertThat(disable.exitCode()).as(disable.describe()).isZero();
        CliRun list = installation.run("plugins", "list");
        assertThat(list.stdoutLines())
                .as(list.describe())
                .anySatisfy(
                        line -> assertThat(line).startsWith(FixturePlugin.ID).contains("disabled"));
        assertThat(listedTools(installation))
                .contains("server_info")
                .doesNotContainAnyElementsOf(TestPlugins.FIXTURE_TOOLS);

        CliRun enable = installation.run("plugins", "enable", FixturePlugin.ID);
        assertThat(enable.exitCode()).as(enable.describe()).isZero();
        assertThat(listedTools(installation)).containsAll(TestPlugins.FIXTURE_TOOLS);
    }

    @Test
    void pluginThatFailsToStartIsReportedByDoctorWhileTheOthersServe() {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.FIXTURE.writeTo(installation.pluginsDir());
        TestPlugins.BROKEN.writeTo(installation.pluginsDir());

        CliRun doctor = installation.run("doctor");
        assertThat(doctor.exitCode()).as(doctor.describe()).isEqualTo(1);
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line)
                        .startsWith("problem:")
                        .contains(BrokenPlugin.ID)
                        .contains("failed")
                        .contains(BrokenPlugin.CAUSE))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("ok:")
                        .contains(FixturePlugin.ID)
                        .contains("started"));

        try (RawSession session = installation.serve()) {
            session.initialize(1);
            assertThat(toolNames(session, 2))
                    .containsAll(TestPlugins.FIXTURE_TOOLS)
                    .contains("server_info")
                    .doesNotContain(BrokenTool.TOOL);
            session.send(Json.toolCall(3, "server_info", Map.of()));
            JsonNode plugins = session.awaitResponse(3)
                    .path("result")
                    .path("structuredContent")
                    .path("plugins");
            JsonNode broken = null;
            for (JsonNode plugin : plugins) {
                if (plugin.path("id").asString("").equals(BrokenPlugin.ID)) {
                    broken = plugin;
                }
            }
            assertThat(broken).as("server_info plugins: %s", plugins).isNotNull();
            assertThat(broken.path("state").asString("")).isEqualTo("failed");
            assertThat(broken.path("error").asString("")).contains(BrokenPlugin.CAUSE);
        }
    }

    @Test
    void doctorOnACleanCopyIsHealthy() {
        CliRun doctor = Installation.copyOfBuilt(dir).run("doctor");

        assertThat(doctor.exitCode()).as(doctor.describe()).isZero();
        assertThat(doctor.stdoutLines()).as(doctor.describe()).last().isEqualTo("healthy");
        assertThat(doctor.stdoutLines()).noneMatch(line -> line.startsWith("problem:"));
    }

    @Test
    void versionPrintsTheBuiltVersionAndExitsZero() {
        CliRun version = Installation.copyOfBuilt(dir).run("--version");

        assertThat(version.exitCode()).as(version.describe()).isZero();
        assertThat(version.stdout())
                .as(version.describe())
                .startsWith("switchboard " + System.getProperty("switchboard.e2e.version"));
    }

    @Test
    void unknownFlagIsAUsageErrorWithExitTwo() {
        CliRun run = Installation.copyOfBuilt(dir).run("--no-such-flag");

        assertThat(run.exitCode()).as(run.describe()).isEqualTo(2);
        assertThat(run.stderr()).contains("--no-such-flag");
    }

    /** Starts the server, lists its tools, and ends it with end of input. */
    private static List<String> listedTools(Installation installation) {
        try (RawSession session = installation.serve()) {
            session.initialize(1);
            List<String> names = toolNames(session, 2);
            session.closeStdin();
            assertThat(session.awaitExit()).as(session.log()).isZero();
            return names;
        }
    }

    private static List<String> toolNames(RawSession session, long id) {
        session.send(Json.request(id, "tools/list", null));
        JsonNode response = session.awaitResponse(id);
        List<String> names = new ArrayList<>();
        for (JsonNode tool : response.path("result").path("tools")) {
            names.add(tool.path("name").asString(""));
        }
        assertThat(names).as("%s%s", response, session.log()).isNotEmpty();
        return names;
    }
}
