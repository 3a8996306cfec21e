package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/** The distribution ships the conformance fixture installed but disabled, and the launcher can enable it. */
class ConformanceFixtureShippingIT {

    @TempDir
    Path dir;

    @Test
    void fixtureIsInstalledDisabledAndOffersNothing() {
        Installation installation = Installation.copyOfBuilt(dir);

        CliRun list = installation.run("plugins", "list");
        assertThat(list.stdoutLines())
                .as(list.describe())
                .anySatisfy(line ->
                        assertThat(line).startsWith(ConformanceFixture.ID + " ").contains("disabled"));
        assertThat(toolsOf(installation)).contains("server_info").doesNotContainAnyElementsOf(ConformanceFixture.TOOLS);
    }

    @Test
    void enabledFixtureOffersEverySuiteToolAndDoctorStaysHealthy() {
        Installation installation = Installation.copyOfBuilt(dir);

        ConformanceFixture.enable(installation);

        assertThat(toolsOf(installation)).containsAll(ConformanceFixture.TOOLS);
        CliRun doctor = installation.run("doctor");
        assertThat(doctor.exitCode()).as(doctor.describe()).isZero();
        assertThat(doctor.stdoutLines())
                .as(doctor.describe())
                .anySatisfy(line -> assertThat(line).startsWith("ok:").contains(ConformanceFixture.ID));
    }

    private static List<String> toolsOf(Installation installation) {
        try (RawSession session = installation.serve()) {
            session.initialize(1);
            session.send(Json.request(2, "tools/list", null));
            JsonNode answer = session.awaitResponse(2);
            List<String> names = new ArrayList<>();
            answer.path("result")
                    .path("tools")
                    .forEach(tool -> names.add(tool.path("name").asString("")));
            assertThat(names).as("%s%s", answer, session.log()).isNotEmpty();
            return names;
        }
    }
}
