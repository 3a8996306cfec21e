package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.storage.RestartablePostgres;
import dev.switchboard.testkit.storage.TestDatabase;

/**
 * Issue 23 over real HTTP, on a PostgreSQL server of the test's own that it stops and starts under a running
 * {@code serve --http}: a role token's held {@code wait_for_mail} is answered 503 {@code UNAVAILABLE}, never 403
 * "rotated or revoked"; the same token's {@code initialize}, calls, {@code /status} and {@code /hook-status} during the
 * outage are 503 with {@code Retry-After}, never 401; the token works again after the restart; and the log has one
 * "unreachable" and one "answers again" line.
 */
class MailboxOutageHttpIT {

    private static final String VERSION = "2025-06-18";

    @TempDir
    Path dir;

    @Test
    @SuppressWarnings("unchecked")
    void aRoleTokenDuringAPostgresqlOutageIsUnavailableNever401Or403AndWorksAfter() throws Exception {
        try (RestartablePostgres postgres = RestartablePostgres.start(dir.resolve("pg"))) {
            TestDatabase database = postgres.database("outage_http");
            Map<String, String> environment = new HashMap<>(database.environment());
            environment.put("SWITCHBOARD_PLUGINS__STORAGE_POSTGRES__CONNECT_TIMEOUT_MS", "1000");
            Installation installation = Installation.copyOfBuilt(dir.resolve("dist"));
            try (HttpServe serve = HttpServe.start(installation, environment, dir.resolve("serve.log"));
                    HttpClient http = HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .build()) {
                String token;
                try (McpSyncClient owner = HttpClients.initialized(serve, serve.token(), "outage-owner")) {
                    token = ((Map<String, String>) ToolCalls.okStructured(
                                            owner,
                                            "create_channel",
                                            Map.of("name", "outage", "roles", List.of("dev", "ops")),
                                            serve.log())
                                    .get("tokens"))
                            .get("dev");
                }
                HttpResponse<String> initialized = post(http, serve, token, null, initialize());
                assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
                String session =
                        initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
                post(http, serve, token, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");

                CompletableFuture<HttpResponse<String>> held = http.sendAsync(
                        request(serve, token, session, call(7, "wait_for_mail", "{\"timeout_s\":3}")),
                        HttpResponse.BodyHandlers.ofString());
                try {
                    HttpResponse<String> early = held.get(500, TimeUnit.MILLISECONDS);
                    throw new AssertionError("answered instead of held: " + early.body() + "\n" + serve.log());
                } catch (TimeoutException stillHeld) {
                    // held, as wait_for_mail is
                }

                postgres.stop();

                HttpResponse<String> answer = held.get(30, TimeUnit.SECONDS);
                assertThat(answer.statusCode()).as(answer.body()).isIn(503, 200).isNotEqualTo(403);
                assertThat(answer.body()).contains("UNAVAILABLE").doesNotContain("FORBIDDEN");
                if (answer.statusCode() == 503) {
                    assertThat(answer.headers().firstValue("Retry-After")).contains("5");
                }

                List<HttpResponse<String>> duringOutage = List.of(
                        post(http, serve, token, null, initialize()),
                        post(http, serve, token, session, call(8, "read_inbox", "{}")),
                        http.send(get(serve, "/status", token), HttpResponse.BodyHandlers.ofString()),
                        http.send(get(serve, "/hook-status", token), HttpResponse.BodyHandlers.ofString()));
                for (HttpResponse<String> refused : duringOutage) {
                    assertThat(refused.statusCode())
                            .as(refused.request().uri() + " " + refused.body())
                            .isEqualTo(503);
                    assertThat(refused.headers().firstValue("Retry-After")).contains("5");
                    assertThat(refused.body()).contains("UNAVAILABLE");
                }

                postgres.start();

                HttpResponse<String> back = untilNot503(http, serve, token, session);
                assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
                assertThat(back.body()).doesNotContain("\"isError\":true");
                // the end is logged at the first call that works a connect timeout after the outage's last failure
                awaitLogLineWhileCalling(http, serve, token, session, "answers again");
                assertThat(serve.log().lines().filter(line -> line.contains(" is unreachable (")))
                        .as(serve.log())
                        .hasSize(1);
                assertThat(serve.log().lines().filter(line -> line.contains(" answers again after ")))
                        .hasSize(1);
                assertThat(serve.log()).doesNotContain("treating the credential as unknown");
            }
        }
    }

    /** @return the first answer to a role call that is not 503 (nor a tool's UNAVAILABLE), for at most 20 s */
    private static HttpResponse<String> untilNot503(HttpClient http, HttpServe serve, String token, String session)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        int id = 100;
        while (true) {
            HttpResponse<String> answer = post(http, serve, token, session, call(id++, "read_inbox", "{}"));
            boolean unavailable = answer.statusCode() == 503 || answer.body().contains("UNAVAILABLE");
            if (!unavailable || System.nanoTime() > deadline) {
                return answer;
            }
            Thread.sleep(200);
        }
    }

    /** Calls as the role every 200 ms, for at most 20 s, until the server's log has a line containing {@code text}. */
    private static void awaitLogLineWhileCalling(
            HttpClient http, HttpServe serve, String token, String session, String text)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (int id = 200; !serve.log().contains(text) && System.nanoTime() < deadline; id++) {
            HttpResponse<String> answer = post(http, serve, token, session, call(id, "read_inbox", "{}"));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            Thread.sleep(200);
        }
        assertThat(serve.log()).contains(text);
    }

    private static HttpResponse<String> post(
            HttpClient http, HttpServe serve, String token, String session, String body)
            throws IOException, InterruptedException {
        return http.send(request(serve, token, session, body), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(HttpServe serve, String token, String session, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(serve.uri("/mcp"))
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", VERSION)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            request.header("Mcp-Session-Id", session);
        }
        return request.build();
    }

    private static HttpRequest get(HttpServe serve, String path, String token) {
        return HttpRequest.newBuilder(serve.uri(path))
                .header("Authorization", "Bearer " + token)
                .GET()
                .build();
    }

    private static String initialize() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + VERSION
                + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"outage\",\"version\":\"1\"}}}";
    }

    private static String call(int id, String tool, String arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":" + arguments + "}}";
    }
}
