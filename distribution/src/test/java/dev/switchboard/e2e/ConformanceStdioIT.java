package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
import dev.switchboard.e2e.support.Pids;
import dev.switchboard.e2e.support.SharedServers;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The official MCP conformance suite ({@code --suite all}) against the stdio transport, with the conformance fixture
 * enabled: the suite speaks streamable HTTP only, so the project's HTTP-to-stdio bridge runs one
 * {@code switchboard serve} per session and relays its JSON-RPC lines. What the suite checks of the HTTP layer itself
 * ({@code dns-rebinding-protection}, the SSE scenarios) is the bridge's behaviour here, not Switchboard's; the HTTP
 * transport's own run is {@link ConformanceHttpIT}. Results stay in {@code target/conformance/stdio-<version>}.
 *
 * <p>Each {@code serve} attaches, as it does for every MCP client outside tests (ADR 32, ADR 33): a thin client that
 * relays the session's lines unchanged to one shared server, which serves each attached connection as its own
 * {@code StdioSession} under the stdio transport's rules. So the suite's ~30 sessions per version cost ~30 small
 * client JVMs and one server, not ~30 whole servers (the class's time, most of it JVM starts, fell from 66 s to the
 * figure in {@code docs/testing.md}). The test asserts that every session was served so: no client fell back to
 * serving in-process, and exactly one shared server ran, which the class stops at the end.
 */
class ConformanceStdioIT {

    /** What a client prints when it cannot attach and serves in-process instead (AttachMain). */
    private static final String FELL_BACK = "serving in-process";

    @TempDir
    static Path dir;

    private static ConformanceSuite suite;
    private static Installation installation;
    private static StdioBridge bridge;

    @BeforeAll
    static void startBridge() {
        suite = ConformanceSuite.installedByTheBuild();
        installation = Installation.copyOfBuilt(dir).attaching();
        ConformanceFixture.enable(installation);
        bridge = StdioBridge.start(
                installation, suite.nodeDir(), results("stdio-bridge").resolve("bridge.log"));
    }

    @AfterAll
    static void stopBridgeAndSharedServer() throws InterruptedException {
        if (bridge != null) {
            bridge.close();
        }
        if (installation != null) {
            List<Long> servers = SharedServers.of(installation);
            CliRun stop = installation.run("server", "stop", "--all");
            assertThat(stop.exitCode()).as(stop.stderr()).isZero();
            for (long pid : servers) {
                assertThat(Pids.awaitDeath(pid, Duration.ofSeconds(10)))
                        .as("shared server " + pid + " still runs")
                        .isTrue();
            }
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
        assertThat(bridge.log())
                .as("every session attached to the shared server")
                .doesNotContain(FELL_BACK);
        assertThat(SharedServers.of(installation))
                .as("the shared server that served the sessions")
                .hasSize(1);
    }

    private static Path results(String name) {
        return Path.of(System.getProperty("switchboard.e2e.conformance-dir")).resolve(name);
    }
}
