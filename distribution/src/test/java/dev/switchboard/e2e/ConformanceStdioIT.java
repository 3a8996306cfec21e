package dev.switchboard.e2e;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.e2e.conformance.ConformanceRun;
import dev.switchboard.e2e.conformance.ConformanceSuite;
import dev.switchboard.e2e.conformance.StdioBridge;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The official MCP conformance suite ({@code --suite all}) against the stdio transport, with the conformance fixture
 * enabled: the suite speaks streamable HTTP only, so the project's HTTP-to-stdio bridge runs one
 * {@code switchboard serve} per session and relays its JSON-RPC lines. What the suite checks of the HTTP layer itself
 * ({@code dns-rebinding-protection}, the SSE scenarios) is the bridge's behaviour here, not Switchboard's; the HTTP
 * transport's own run is {@link ConformanceHttpIT}. Results stay in {@code target/conformance/stdio-<version>}.
 */
class ConformanceStdioIT {

    @TempDir
    static Path dir;

    private static ConformanceSuite suite;
    private static StdioBridge bridge;

    @BeforeAll
    static void startBridge() {
        suite = ConformanceSuite.installedByTheBuild();
        Installation installation = Installation.copyOfBuilt(dir);
        ConformanceFixture.enable(installation);
        bridge = StdioBridge.start(
                installation, suite.nodeDir(), results("stdio-bridge").resolve("bridge.log"));
    }

    @AfterAll
    static void stopBridge() {
        if (bridge != null) {
            bridge.close();
        }
    }

    // Above the suite's own bound (ConformanceSuite.RUN_LIMIT, a run that keeps progressing) and the listing; the
    // default of 120 s would cut a run that a loaded host slows but does not stall.
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @ParameterizedTest(name = "spec version {0}")
    @ValueSource(strings = {"2025-11-25", "2025-06-18"})
    void officialSuitePassesOverStdioThroughTheBridge(String specVersion) {
        Path out = results("stdio-" + specVersion);

        ConformanceRun run = suite.run("stdio " + specVersion, bridge.url(), specVersion, out);

        ConformanceFixture.assertPassed(run, suite.scenarios(specVersion, out), bridge.log());
    }

    private static Path results(String name) {
        return Path.of(System.getProperty("switchboard.e2e.conformance-dir")).resolve(name);
    }
}
