package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.Json;
import dev.switchboard.testkit.distribution.RawSession;

/**
 * Calls made over stdio are observed as well: one server serving stdio and HTTP, tool calls on its stdin, the counts
 * read from {@code GET /metrics} on its HTTP side.
 */
class MetricsStdioIT {

    @TempDir
    Path dir;

    @Test
    void toolCallsOverStdioUnknownToolsAndTheStdioSessionAreCountedInTheScrape() throws Exception {
        Installation installation = Installation.copyOfBuilt(dir);
        int port = freePort();
        try (RawSession stdio = installation.serve(Map.of(
                "SWITCHBOARD_KERNEL__TRANSPORTS",
                "stdio,http",
                "SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__PORT",
                Integer.toString(port)))) {
            stdio.initialize(1);
            stdio.send(Json.toolCall(2, "server_info", Map.of()));
            stdio.awaitResponse(2);
            stdio.send(Json.toolCall(3, "server_info", Map.of()));
            stdio.awaitResponse(3);
            stdio.send(Json.toolCall(4, "no_such_tool", Map.of()));
            JsonNode unknown = stdio.awaitResponse(4);
            assertThat(unknown.path("error").path("code").asInt())
                    .as(unknown.toString())
                    .isEqualTo(-32602);
            assertThat(unknown.path("error").path("message").asText()).contains("no_such_tool");
            String token = Files.readString(installation.stateDir().resolve("owner.token"), StandardCharsets.UTF_8)
                    .strip();

            String scrape = scrape(port, token, stdio);

            assertThat(scrape)
                    .as(stdio.log())
                    .contains("switchboard_tool_calls_total{outcome=\"ok\",tool=\"server_info\"} 2.0")
                    .contains("switchboard_tool_call_duration_seconds_count{tool=\"server_info\"} 2")
                    .as("a tool the server does not serve still reaches the observers")
                    .contains("switchboard_tool_calls_total{outcome=\"protocol_error\",tool=\"_unknown\"} 1.0")
                    .doesNotContain("no_such_tool")
                    .as("the stdio session is counted")
                    .contains("switchboard_sessions_open{transport=\"stdio\"} 1.0");
            // the HTTP side keeps serving after stdin ends, so the server is stopped as a service manager would
            stdio.sigterm();
            assertThat(stdio.awaitExit()).as(stdio.log()).isZero();
        }
    }

    private static String scrape(int port, String token, RawSession stdio) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        try (HttpClient http = HttpClient.newHttpClient()) {
            while (true) {
                try {
                    HttpResponse<String> response = http.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                    .header("Authorization", "Bearer " + token)
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertThat(response.statusCode())
                            .as(response.body() + stdio.log())
                            .isEqualTo(200);
                    return response.body();
                } catch (ConnectException e) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("the HTTP side never listened" + stdio.log(), e);
                    }
                    Thread.sleep(100);
                }
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
