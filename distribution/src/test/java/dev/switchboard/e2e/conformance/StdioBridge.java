package dev.switchboard.e2e.conformance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.switchboard.testkit.distribution.Installation;

/**
 * The project's HTTP-to-stdio test bridge ({@code src/test/node/conformance/stdio-bridge.mjs}) in front of an
 * installation: every MCP session on its streamable HTTP endpoint is one {@code bin/switchboard serve} over stdio
 * (in-process for a test installation, a thin client of the shared server for an {@link Installation#attaching()} one).
 * Listens on a free loopback port; its log (with the servers' stderr) goes to a file. Closing it closes its stdin,
 * which ends every server it started, then the bridge itself. For one test class at a time.
 */
public final class StdioBridge implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final int port;
    private final Path log;

    private StdioBridge(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * @param installation what each session serves
     * @param nodeDir      the directory holding {@code conformance/stdio-bridge.mjs}
     * @param log          where the bridge's and the servers' stderr go
     * @return the bridge, accepting connections
     */
    public static StdioBridge start(Installation installation, Path nodeDir, Path log) {
        ProcessBuilder builder = new ProcessBuilder("node", "conformance/stdio-bridge.mjs")
                .directory(nodeDir.toFile())
                .redirectError(log.toFile());
        builder.environment().putAll(installation.environment());
        builder.environment().put("SWITCHBOARD_E2E_HOME", installation.home().toString());
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the stdio bridge", e);
        }
        CompletableFuture<String> firstLine = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return new BufferedReader(
                                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                                .readLine();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                runnable ->
                        Thread.ofPlatform().daemon().name("stdio-bridge-stdout").start(runnable));
        try {
            String line = firstLine.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (line == null || !line.startsWith("listening ")) {
                throw new AssertionError("the stdio bridge did not start: " + line + "\n" + readLog(log));
            }
            return new StdioBridge(
                    process,
                    Integer.parseInt(line.substring("listening ".length()).trim()),
                    log);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new AssertionError("the stdio bridge did not start within " + START_TIMEOUT + "\n" + readLog(log), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new AssertionError("interrupted while starting the stdio bridge", e);
        }
    }

    /** @return the streamable HTTP endpoint, on 127.0.0.1 */
    public String url() {
        return "http://127.0.0.1:" + port + "/mcp";
    }

    /** @return the bridge's log so far, for failure messages */
    public String log() {
        return readLog(log);
    }

    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private static String readLog(Path log) {
        try {
            return Files.isRegularFile(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }
}
