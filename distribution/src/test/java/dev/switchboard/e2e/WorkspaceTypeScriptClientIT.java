package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.support.Installation;
import dev.switchboard.e2e.support.ToolCatalog;

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
    void officialTypeScriptClientDrivesTheWorkspaceTools() throws IOException, InterruptedException {
        Installation installation = Installation.copyOfBuilt(dir).enable("workspace");
        Path workspaceHome = Files.createDirectories(dir.resolve("home"));
        Path nodeDir = Path.of(System.getProperty("switchboard.e2e.node-dir"));
        assertThat(nodeDir.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))
                .as("the build installs the npm packages in pre-integration-test (src/test/node/install.sh)")
                .exists();
        Path output = dir.resolve("node-test.log");
        // TAP, whatever Node's default reporter, so that the summary below can be checked.
        ProcessBuilder node = new ProcessBuilder("node", "--test", "--test-reporter=tap", SCRIPT)
                .directory(nodeDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        node.environment().put("SWITCHBOARD_E2E_HOME", installation.home().toString());
        node.environment().put("SWITCHBOARD_E2E_STATE_DIR", installation.stateDir().toString());
        node.environment().put("SWITCHBOARD_E2E_WORKSPACE_HOME", workspaceHome.toString());
        node.environment().put("SWITCHBOARD_E2E_WORKSPACE_TOOLS", String.join(",", ToolCatalog.names("workspace")));
        node.environment().putAll(installation.environment());
        Process process = node.start();
        process.getOutputStream().close();

        boolean exited = process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String log = Files.readString(output, StandardCharsets.UTF_8);
        assertThat(exited).as("node --test %s did not finish within %s:%n%s", SCRIPT, TIMEOUT, log).isTrue();
        assertThat(process.exitValue()).as("node --test %s failed:%n%s", SCRIPT, log).isZero();
        assertThat(log).as(log).contains("# pass " + TESTS).contains("# fail 0");
    }
}
