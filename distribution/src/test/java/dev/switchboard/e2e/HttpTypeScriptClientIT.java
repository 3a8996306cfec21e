package dev.switchboard.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.e2e.support.NodeScripts;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.NodeTests;

/**
 * The built distribution served over streamable HTTP (authentication on, conformance fixture enabled for its
 * logging and progress tools) to the official MCP TypeScript SDK client: runs
 * {@code src/test/node/http-client.test.mjs} with {@code node --test}, giving it the endpoint and the owner token.
 */
class HttpTypeScriptClientIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String SCRIPT = "http-client.test.mjs";

    @TempDir
    Path dir;

    @Test
    void officialTypeScriptClientPassesItsChecksOverHttp() {
        Installation installation = Installation.copyOfBuilt(dir);
        ConformanceFixture.enable(installation);
        try (HttpServe server = HttpServe.start(installation, Map.of(), dir.resolve("server.log"))) {
            try {
                NodeTests.assertPasses(
                        NodeScripts.dir(),
                        SCRIPT,
                        Map.of("SWITCHBOARD_E2E_URL", server.url(), "SWITCHBOARD_E2E_TOKEN", server.token()),
                        TIMEOUT,
                        dir.resolve("node-test.log"),
                        4);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + server.log(), e);
            }
        }
    }
}
