package dev.switchboard.e2e;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.support.NodeScripts;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.NodeTests;

/**
 * The built distribution, served over stdio to the official MCP TypeScript SDK client: runs
 * {@code src/test/node/stdio-client.test.mjs} with {@code node --test} (the testkit's {@link NodeTests}); its npm
 * packages are installed by the build (pre-integration-test, from the committed lock file).
 */
class TypeScriptClientIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String SCRIPT = "stdio-client.test.mjs";

    @TempDir
    Path dir;

    @Test
    void officialTypeScriptClientPassesItsChecks() {
        Installation installation = Installation.copyOfBuilt(dir);
        Map<String, String> env = new HashMap<>(installation.environment());
        env.put("SWITCHBOARD_E2E_HOME", installation.home().toString());
        env.put("SWITCHBOARD_E2E_STATE_DIR", installation.stateDir().toString());

        NodeTests.assertPasses(NodeScripts.dir(), SCRIPT, env, TIMEOUT, dir.resolve("node-test.log"), 5);
    }
}
