package dev.switchboard.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.support.NodeScripts;
import dev.switchboard.e2e.support.ToolCatalog;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.NodeTests;

/**
 * The workspace plugin of the built distribution, served over stdio to the official MCP TypeScript SDK client: runs
 * {@code src/test/node/workspace-client.test.mjs} with {@code node --test} (open, read, write, bash with request keys,
 * and MCP cancellation of a running command, spec §3B behaviour 60). The workspace home is a temporary directory.
 */
class WorkspaceTypeScriptClientIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String SCRIPT = "workspace-client.test.mjs";
    private static final int TESTS = 6;

    @TempDir
    Path dir;

    @Test
    void officialTypeScriptClientDrivesTheWorkspaceTools() throws IOException {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path workspaceHome = Files.createDirectories(dir.resolve("home"));
        Map<String, String> env = new HashMap<>(installation.environment());
        env.put("SWITCHBOARD_E2E_HOME", installation.home().toString());
        env.put("SWITCHBOARD_E2E_STATE_DIR", installation.stateDir().toString());
        env.put("SWITCHBOARD_E2E_WORKSPACE_HOME", workspaceHome.toString());
        env.put("SWITCHBOARD_E2E_WORKSPACE_TOOLS", String.join(",", ToolCatalog.names("workspace")));

        NodeTests.assertPasses(NodeScripts.dir(), SCRIPT, env, TIMEOUT, dir.resolve("node-test.log"), TESTS);
    }
}
