package dev.switchboard.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Map;
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
import dev.switchboard.e2e.conformance.HttpServer;
import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;

/**
 * The official MCP conformance suite ({@code --suite all}) against Switchboard's own streamable HTTP transport, with
 * the conformance fixture enabled and authentication off: the suite cannot send an {@code Authorization} header, and
 * the kernel allows {@code kernel.auth.required=false} on a loopback address only. Results stay in
 * {@code target/conformance/http-<version>}.
 */
class ConformanceHttpIT {

    private static final String HTTP_PLUGIN = "transport-http";

    @TempDir
    static Path dir;

    private static ConformanceSuite suite;
    private static HttpServer server;
    /** Why the suite cannot run against the HTTP transport in this build, or null when it can. */
    private static String unavailable;

    @BeforeAll
    static void startServer() {
        suite = ConformanceSuite.installedByTheBuild();
        Installation installation = Installation.copyOfBuilt(dir);
        CliRun plugins = installation.run("plugins", "list");
        if (plugins.stdoutLines().stream().noneMatch(line -> line.startsWith(HTTP_PLUGIN + " "))) {
            unavailable = "the built distribution has no " + HTTP_PLUGIN + " plugin (distribution/pom.xml does not "
                    + "ship plugins/transport-http yet), so there is no Switchboard HTTP endpoint to run the suite "
                    + "against; installed plugins:\n" + plugins.stdout();
            return;
        }
        ConformanceFixture.enable(installation);
        server = HttpServer.start(
                installation,
                Map.of("SWITCHBOARD_KERNEL__AUTH__REQUIRED", "false"),
                results("http-server").resolve("server.log"));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    // Above the suite's own bound (ConformanceSuite.RUN_LIMIT, a run that keeps progressing) and the listing; the
    // default of 120 s would cut a run that a loaded host slows but does not stall.
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    @ParameterizedTest(name = "spec version {0}")
    @ValueSource(strings = {"2025-11-25", "2025-06-18"})
    void officialSuitePassesOverStreamableHttp(String specVersion) {
        assumeTrue(unavailable == null, unavailable);
        Path out = results("http-" + specVersion);

        ConformanceRun run = suite.run("http " + specVersion, server.url(), specVersion, out);

        ConformanceFixture.assertPassed(run, suite.scenarios(specVersion, out), server.log());
    }

    private static Path results(String name) {
        return Path.of(System.getProperty("switchboard.e2e.conformance-dir")).resolve(name);
    }
}
