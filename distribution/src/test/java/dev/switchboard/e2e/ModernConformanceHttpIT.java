package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.conformance.Check;
import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.e2e.conformance.ConformanceRun;
import dev.switchboard.e2e.conformance.ConformanceSuite;
import dev.switchboard.e2e.conformance.HttpServer;
import dev.switchboard.e2e.conformance.ModernBaseline;
import dev.switchboard.e2e.support.RateLimits;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The official MCP conformance suite 0.2.0-alpha.12, {@code --suite all}, against Switchboard's own streamable HTTP
 * transport with the conformance fixture enabled and authentication off (as {@link ConformanceHttpIT}, which runs
 * 0.1.16 on the legacy versions, unchanged), twice on one server: every scenario at its own version (the run the
 * baseline counts, with the tasks and skills extensions), and every scenario of the modern era (2026-07-28) in that era. Every
 * failing check must be in that run's baseline ({@link ModernBaseline}) and every listed one must still fail. Results
 * stay in {@code target/conformance/modern-http-*}.
 */
class ModernConformanceHttpIT {

    @TempDir
    static Path dir;

    private static ConformanceSuite suite;
    private static HttpServer server;

    @BeforeAll
    static void startServer() {
        suite = ConformanceSuite.modernInstalledByTheBuild();
        Installation installation = Installation.copyOfBuilt(dir);
        ConformanceFixture.enable(installation);
        server = HttpServer.start(
                installation,
                // the suite drives one peer address at line speed (150+ checks), far above the shipped rate limit
                RateLimits.lifted(Map.of("SWITCHBOARD_KERNEL__AUTH__REQUIRED", "false")),
                results("modern-http-server").resolve("server.log"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    // Above the suite's own bound (ConformanceSuite.RUN_LIMIT) and the listing.
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @Test
    void everyScenarioFailsOnlyWhereItsBaselineSaysAndTheSkillsExtensionIsNotClaimed() {
        ConformanceRun run = assertBaselineHolds(ModernBaseline.everyScenario(suite.nodeDir()), "modern-http-all");

        // ADR 47: Switchboard does not declare io.modelcontextprotocol/skills; the skills scenarios pass only because
        // each of their checks is skipped as not applicable. Declaring it must come with those checks passing.
        assertThat(run.checks())
                .filteredOn(check -> check.scenario().startsWith("sep-2640-skills-"))
                .filteredOn(check -> !check.id().equals("wire-schema-valid"))
                .isNotEmpty()
                .extracting(Check::status)
                .containsOnly("SKIPPED");
    }

    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @Test
    void theModernEraFailsOnlyWhereItsBaselineSays() {
        assertBaselineHolds(ModernBaseline.modernEra(suite.nodeDir()), "modern-http-2026-07-28");
    }

    private static ConformanceRun assertBaselineHolds(ModernBaseline baseline, String name) {
        Path out = results(name);

        ConformanceRun run = suite.run(name, server.url(), baseline.specVersion(), out, baseline.file());

        baseline.assertHolds(run, suite.scenarios(baseline.specVersion(), out), server.log());
        return run;
    }

    private static Path results(String name) {
        return Path.of(System.getProperty("switchboard.e2e.conformance-dir")).resolve(name);
    }
}
