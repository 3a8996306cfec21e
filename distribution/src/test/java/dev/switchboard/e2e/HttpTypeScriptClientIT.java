package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.e2e.support.HttpServe;
import dev.switchboard.e2e.support.Installation;

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
    void officialTypeScriptClientPassesItsChecksOverHttp() throws IOException, InterruptedException {
        Installation installation = Installation.copyOfBuilt(dir);
        ConformanceFixture.enable(installation);
        Path nodeDir = Path.of(System.getProperty("switchboard.e2e.node-dir"));
        assertThat(nodeDir.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))
                .as("the build installs the npm packages in pre-integration-test (src/test/node/install.sh)")
                .exists();
        try (HttpServe server = HttpServe.start(installation, Map.of(), dir.resolve("server.log"))) {
            Path output = dir.resolve("node-test.log");
            ProcessBuilder node = new ProcessBuilder("node", "--test", "--test-reporter=tap", SCRIPT)
                    .directory(nodeDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile());
            node.environment().put("SWITCHBOARD_E2E_URL", server.url());
            node.environment().put("SWITCHBOARD_E2E_TOKEN", server.token());
            Process process = node.start();
            process.getOutputStream().close();

            boolean exited = process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (!exited) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String log = Files.readString(output, StandardCharsets.UTF_8) + server.log();
            assertThat(exited).as("node --test %s did not finish within %s:%n%s", SCRIPT, TIMEOUT, log).isTrue();
            assertThat(process.exitValue()).as("node --test %s failed:%n%s", SCRIPT, log).isZero();
            assertThat(log).as(log).contains("# pass 4").contains("# fail 0");
        }
    }
}
