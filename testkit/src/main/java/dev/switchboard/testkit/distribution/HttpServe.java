package dev.switchboard.testkit.distribution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/switchboard serve --http --host 127.0.0.1 --port P} of an installation, with authentication on (the
 * default): P is a loopback port free a moment before (one retry with another port if the server could not bind it),
 * output at level info goes to a file, and the server counts as ready once it logs
 * {@code MCP streamable HTTP listening on http://127.0.0.1:P/mcp}. The owner token is then read from the file the
 * server generated, {@code <state-dir>/owner.token}. {@link #close()} sends SIGTERM and, if the server has not exited
 * in time, kills it. Not thread-safe, except {@link #url()}, {@link #token()} and {@link #pid()}.
 */
public final class HttpServe implements AutoCloseable {

    /**
     * A bound against a server that never listens, not a measure of its start: the end-to-end classes start servers
     * several at a time (those on JUnit's concurrent thread beside the main one), and on a host at load 20 a start
     * took over 30 s. The wait ends as soon as the listening line is logged.
     */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);
    private static final String LISTENING = "MCP streamable HTTP listening on ";

    private final Process process;
    private final int port;
    private final Path log;
    private final String token;

    private HttpServe(Process process, int port, Path log, String token) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.token = token;
    }

    /**
     * @param installation what to serve
     * @param extraEnv     further environment variables, e.g. {@code SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__...}
     * @param log          where the server's output goes (replaced on a retry)
     * @return the server, listening, with its owner token read
     * @throws AssertionError if it does not listen within 90 s, twice
     */
    public static HttpServe start(Installation installation, Map<String, String> extraEnv, Path log) {
        try {
            return attempt(installation, extraEnv, log);
        } catch (PortTaken firstClash) {
            return attempt(installation, extraEnv, log);
        }
    }

    private static HttpServe attempt(Installation installation, Map<String, String> extraEnv, Path log) {
        int port = freePort();
        List<String> command = List.of(
                installation.launcher().toString(),
                "serve",
                "--http",
                "--host",
                "127.0.0.1",
                "--port",
                Integer.toString(port));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(installation.home().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = new HashMap<>(installation.environment());
        env.put("SWITCHBOARD_LOG_LEVEL", "info");
        env.putAll(extraEnv);
        builder.environment().putAll(env);
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = builder.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
        awaitListening(process, port, log);
        Path tokenFile = installation.stateDir().resolve("owner.token");
        try {
            return new HttpServe(
                    process,
                    port,
                    log,
                    Files.readString(tokenFile, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            process.destroyForcibly();
            throw new UncheckedIOException("the server did not generate its owner token in " + tokenFile, e);
        }
    }

    /** @return the streamable HTTP endpoint, {@code http://127.0.0.1:P/mcp} */
    public String url() {
        return "http://127.0.0.1:" + port + "/mcp";
    }

    /** @return {@code http://127.0.0.1:P} followed by the path */
    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /**
     * POSTs a JSON-RPC message to {@code /mcp} with the owner token, accepting JSON or an event stream.
     *
     * @param http    the client
     * @param session the {@code Mcp-Session-Id}, or null before {@code initialize}
     * @param body    the message, as JSON text
     * @return the response, its body as text
     * @throws IOException          if the request fails
     * @throws InterruptedException if interrupted while waiting
     */
    public HttpResponse<String> post(HttpClient http, String session, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/mcp"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the owner token, as read from {@code <state-dir>/owner.token} */
    public String token() {
        return token;
    }

    /** @return the server's process id (the launcher execs the JVM, so this is the JVM) */
    public long pid() {
        return process.pid();
    }

    /** @return the server's resident set size in KiB from {@code /proc/<pid>/status}, or empty where unreadable */
    public OptionalLong residentKib() {
        try {
            return Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status")).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** @return the server's output so far, formatted for failure messages */
    public String log() {
        try {
            return "\n--- server log ---\n" + Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "\n(cannot read " + log + ": " + e + ")";
        }
    }

    /**
     * Sends SIGTERM ({@link Process#destroy()}) and waits for the exit.
     *
     * @param wait the longest wait
     * @return the exit status, or empty if the process was still running after {@code wait} (it is then killed)
     */
    public OptionalLong terminate(Duration wait) {
        sigterm();
        return awaitExit(wait);
    }

    /** Sends SIGTERM ({@link Process#destroy()}) and returns at once. */
    public void sigterm() {
        process.destroy();
    }

    /**
     * @param wait the longest wait
     * @return the exit status, or empty if the process was still running after {@code wait} (it is then killed)
     */
    public OptionalLong awaitExit(Duration wait) {
        try {
            if (process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                return OptionalLong.of(process.exitValue());
            }
            process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return OptionalLong.empty();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            terminate(STOP_TIMEOUT);
        }
    }

    private static void awaitListening(Process process, int port, Path log) {
        String expected = LISTENING + "http://127.0.0.1:" + port + "/mcp";
        Instant deadline = Instant.now().plus(START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            String output = read(log);
            if (output.contains(expected)) {
                return;
            }
            if (!process.isAlive()) {
                if (output.contains("in use") || output.contains("BindException")) {
                    throw new PortTaken();
                }
                throw new AssertionError("switchboard serve --http exited with " + process.exitValue()
                        + " before listening:\n" + output);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
                throw new AssertionError("interrupted while waiting for the server", e);
            }
        }
        process.destroyForcibly();
        throw new AssertionError(
                "switchboard serve --http did not log '" + expected + "' within " + START_TIMEOUT + ":\n" + read(log));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Free now; another process could take it before the server binds, which {@link #start} retries once. */
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port", e);
        }
    }

    /** The server exited because its port was taken between choosing and binding it. */
    private static final class PortTaken extends RuntimeException {
        PortTaken() {
            super("port taken", null, false, false);
        }
    }
}
