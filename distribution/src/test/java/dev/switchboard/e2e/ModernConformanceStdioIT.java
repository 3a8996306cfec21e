package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.e2e.conformance.ConformanceRun;
import dev.switchboard.e2e.conformance.ConformanceSuite;
import dev.switchboard.e2e.conformance.ModernBaseline;
import dev.switchboard.e2e.conformance.ModernStdioBridge;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The official MCP conformance suite 0.2.0-alpha.12, {@code --suite all --spec-version 2026-07-28} (every scenario of
 * the modern era, in that era), against the stdio transport with the conformance fixture enabled, through
 * {@link ModernStdioBridge}: the modern era is stateless, so ONE {@code switchboard serve} process serves the whole
 * run (a legacy run, {@link ConformanceStdioIT}, needs one per session; the legacy era's scenarios over stdio stay
 * that class's, with 0.1.16). The same baseline as the modern-era run over HTTP ({@link ModernBaseline#modernEra});
 * what the suite checks of the HTTP layer is the bridge's here, which applies the bridge's own header rules. Results
 * stay in {@code target/conformance/modern-stdio}.
 */
class ModernConformanceStdioIT {

    @TempDir
    static Path dir;

    private static ConformanceSuite suite;
    private static ModernStdioBridge bridge;

    @BeforeAll
    static void startBridge() {
        suite = ConformanceSuite.modernInstalledByTheBuild();
        Installation installation = Installation.copyOfBuilt(dir);
        ConformanceFixture.enable(installation);
        bridge = ModernStdioBridge.start(
                installation, results("modern-stdio-server").resolve("server.log"));
    }

    @AfterAll
    static void stopBridge() {
        if (bridge != null) {
            bridge.close();
        }
    }

    // Above the suite's own bound (ConformanceSuite.RUN_LIMIT) and the listing.
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @Test
    void modernSuiteFailsOnlyWhereItsBaselineSaysWithOneServerProcess() {
        Path out = results("modern-stdio");
        ModernBaseline baseline = ModernBaseline.modernEraOverStdio(suite.nodeDir());

        ConformanceRun run = suite.run("modern stdio", bridge.url(), baseline.specVersion(), out, baseline.file());

        baseline.assertHolds(run, suite.scenarios(baseline.specVersion(), out), bridge.log());
        assertThat(bridge.serverAlive())
                .as("the one switchboard serve that served the whole run, still running")
                .isTrue();
    }

    private static Path results(String name) {
        return Path.of(System.getProperty("switchboard.e2e.conformance-dir")).resolve(name);
    }
}
