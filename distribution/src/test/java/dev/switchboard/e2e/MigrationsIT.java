package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.support.TestPlugins;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * A plugin's migrations run through the real server: once on the first start, never again on a restart, and once
 * when several servers start together on a fresh installation.
 */
class MigrationsIT {

    @TempDir
    Path dir;

    @Test
    void migrationRunsOnceAndNotAgainOnRestart() {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.FIXTURE.writeTo(installation.pluginsDir());

        assertThat(fixtureRows(installation)).as("rows after the first start").isEqualTo(1);
        assertThat(fixtureRows(installation)).as("rows after a restart").isEqualTo(1);
    }

    @Test
    void serversStartedTogetherOnAFreshInstallationMigrateOnce() {
        Installation installation = Installation.copyOfBuilt(dir);
        TestPlugins.FIXTURE.writeTo(installation.pluginsDir());

        // Agent clients spawn one server per session, so several may expand the plugins and migrate at once.
        List<RawSession> sessions = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                sessions.add(installation.serve());
            }
            for (RawSession session : sessions) {
                session.initialize(1);
                session.send(Json.toolCall(2, "fixture_rows", Map.of()));
            }
            for (RawSession session : sessions) {
                JsonNode result = session.awaitResponse(2).path("result");
                assertThat(result.path("structuredContent").path("rows").asLong(-1))
                        .as("%s%s", result, session.log())
                        .isEqualTo(1);
            }
        } finally {
            sessions.forEach(RawSession::close);
        }
    }

    /** Starts the server, asks fixture_rows, and ends it with end of input. */
    private static long fixtureRows(Installation installation) {
        try (RawSession session = installation.serve()) {
            session.initialize(1);
            session.send(Json.toolCall(2, "fixture_rows", Map.of()));
            JsonNode result = session.awaitResponse(2).path("result");
            assertThat(result.path("isError").asBoolean(true))
                    .as("%s%s", result, session.log())
                    .isFalse();
            session.closeStdin();
            assertThat(session.awaitExit()).as(session.log()).isZero();
            return result.path("structuredContent").path("rows").asLong(-1);
        }
    }
}
