package dev.switchboard.e2e.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.switchboard.testkit.distribution.Installation;

/**
 * {@code bin/switchboard serve --http --host 127.0.0.1 --port P} of an installation, on a free loopback port, with
 * stdout and stderr going to a file. Ready once the port accepts connections. Closing it sends SIGTERM (the server
 * drains and exits) and, if it has not exited in time, kills it. For one test class at a time.
 */
public final class HttpServer implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final int port;
    private final Path log;

    private HttpServer(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * @param installation what to serve
     * @param extraEnv     further environment variables, such as {@code SWITCHBOARD_KERNEL__AUTH__REQUIRED}
     * @param log          where the server's output goes
     * @return the server, accepting connections
     */
    public static HttpServer start(Installation installation, Map<String, String> extraEnv, Path log) {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(
                installation.launcher().toString(),
                "serve",
                "--http",
                "--host",
                "127.0.0.1",
                "--port",
                Integer.toString(port)));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(installation.home().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(installation.environment());
        builder.environment().putAll(extraEnv);
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        HttpServer server = new HttpServer(process, port, log);
        server.awaitListening();
        return server;
    }

    /** @return the streamable HTTP endpoint, on 127.0.0.1 */
    public String url() {
        return "http://127.0.0.1:" + port + "/mcp";
    }

    /** @return the server's output so far, for failure messages */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    private void awaitListening() {
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new AssertionError(
                        "switchboard serve --http exited with " + process.exitValue() + " before listening:\n" + log());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
                return;
            } catch (IOException notYet) {
                pause();
            }
        }
        close();
        throw new AssertionError(
                "switchboard serve --http did not listen on port " + port + " within " + START_TIMEOUT + ":\n" + log());
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the server", e);
        }
    }

    /** A port free right now; another process could take it before the server binds, which fails the start loudly. */
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port", e);
        }
    }
}
