package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.testkit.distribution.CliRun;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * {@code serve --transport stdio,http} as an MCP client launches it: when the client goes away (stdin ends) the
 * process ends and frees the HTTP port, so the client's next launch can bind it again; {@code --keep-serving} keeps
 * HTTP up until SIGTERM or {@code server stop}, which stops the whole server.
 */
class StdioAndHttpServeIT {

    private static final Duration UP = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theEndOfStdinEndsTheProcessAndFreesThePort() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        int port = freePort();
        try (RawSession session =
                installation.serve(Map.of(), "--transport", "stdio,http", "--port", String.valueOf(port))) {
            session.initialize(1);
            assertThat(awaitHealth(port)).as(session.log()).isEqualTo(200);

            session.closeStdin();

            assertThat(session.awaitExit()).as(session.log()).isZero();
            try (ServerSocket again = new ServerSocket(port)) {
                assertThat(again.getLocalPort())
                        .as("the port is free for the next launch")
                        .isEqualTo(port);
            }
        }
    }

    @Test
    void withKeepServingHttpOutlivesStdinUntilSigterm() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        int port = freePort();
        try (RawSession session = installation.serve(
                Map.of(), "--transport", "stdio,http", "--port", String.valueOf(port), "--keep-serving")) {
            session.initialize(1);
            assertThat(awaitHealth(port)).as(session.log()).isEqualTo(200);

            session.closeStdin();
            Thread.sleep(2_000);

            assertThat(session.isAlive()).as(session.log()).isTrue();
            assertThat(health(port)).isEqualTo(200);
            session.sigterm();
            assertThat(session.awaitExit()).as(session.log()).isZero();
        }
    }

    @Test
    void serverStopStopsAKeepServingServerHttpIncluded() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir).attaching();
        int port = freePort();
        try (RawSession session = installation.serve(
                Map.of(), "--transport", "stdio,http", "--port", String.valueOf(port), "--keep-serving")) {
            session.initialize(1);
            awaitStartLine(session); // printed once every transport, the attach socket too, serves

            CliRun stop = installation.run("server", "stop", "--all");

            assertThat(stop.exitCode()).as(stop.describe() + session.log()).isZero();
            assertThat(session.awaitExit()).as(session.log()).isZero();
            try (ServerSocket again = new ServerSocket(port)) {
                assertThat(again.getLocalPort()).as("HTTP stopped too").isEqualTo(port);
            }
        }
    }

    private static void awaitStartLine(RawSession session) throws InterruptedException {
        long deadline = System.nanoTime() + UP.toNanos();
        while (!session.stderr().contains("switchboard: serving ")) {
            assertThat(System.nanoTime() < deadline)
                    .as("no start line within %s: %s", UP, session.log())
                    .isTrue();
            Thread.sleep(100);
        }
    }

    private int awaitHealth(int port) throws InterruptedException {
        long deadline = System.nanoTime() + UP.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                return health(port);
            } catch (IOException e) {
                Thread.sleep(100);
            }
        }
        return -1;
    }

    private int health(int port) throws IOException, InterruptedException {
        return http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/healthz"))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
