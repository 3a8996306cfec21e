package dev.switchboard.testkit.distribution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@code node --test} script (one that drives the server with the official MCP TypeScript SDK client) and
 * checks its TAP summary. The script's npm packages must be installed in its directory
 * ({@code node_modules/@modelcontextprotocol/sdk}). Stateless.
 */
public final class NodeTests {

    private NodeTests() {}

    /**
     * Runs {@code node --test --test-reporter=tap <script>} in {@code nodeDir} with the given environment, and
     * asserts that it exits 0 within the timeout with {@code # pass <expectedPasses>} and {@code # fail 0}.
     *
     * @param nodeDir        the directory holding the script and its {@code node_modules}
     * @param script         the script's file name, such as {@code stdio-client.test.mjs}
     * @param env            variables on top of the inherited environment (endpoints, tokens, paths)
     * @param timeout        the longest run
     * @param log            where node's output goes
     * @param expectedPasses how many tests the script runs
     * @return node's output, for further checks
     * @throws AssertionError if the packages are missing, node times out, fails, or passes another number of tests
     */
    public static String assertPasses(
            Path nodeDir, String script, Map<String, String> env, Duration timeout, Path log, int expectedPasses) {
        if (!Files.exists(nodeDir.resolve("node_modules/@modelcontextprotocol/sdk/package.json"))) {
            throw new AssertionError("the MCP TypeScript SDK is not installed under " + nodeDir
                    + "/node_modules; run npm ci there first");
        }
        // TAP, whatever Node's default reporter, so that the summary can be checked.
        ProcessBuilder node = new ProcessBuilder("node", "--test", "--test-reporter=tap", script)
                .directory(nodeDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        node.environment().putAll(env);
        try {
            Process process = node.start();
            process.getOutputStream().close();
            boolean exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!exited) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (!exited) {
                throw new AssertionError(
                        "node --test " + script + " did not finish within " + timeout + ":\n" + output);
            }
            if (process.exitValue() != 0) {
                throw new AssertionError(
                        "node --test " + script + " failed (exit " + process.exitValue() + "):\n" + output);
            }
            if (!output.contains("# pass " + expectedPasses) || !output.contains("# fail 0")) {
                throw new AssertionError(
                        "node --test " + script + " did not pass exactly " + expectedPasses + " tests:\n" + output);
            }
            return output;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run node --test " + script, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while node --test " + script + " ran", e);
        }
    }
}
