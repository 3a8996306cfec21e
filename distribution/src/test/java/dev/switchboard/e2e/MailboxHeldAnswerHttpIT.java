package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.StatusPolls.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.SharedHttpServe;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;

/**
 * ADR 27 against the built distribution's {@code serve --http}, over real HTTP: a {@code wait_for_mail} held across
 * {@code rotate_token} or {@code delete_channel} is answered 403 with the transport's FORBIDDEN JSON-RPC error, and
 * nothing of what the wait computed reaches the old token's holder; the wait ends at once on the revocation, not at its
 * deadline. Each test uses its own channel.
 */
@ExtendWith(SharedHttpServe.class)
class MailboxHeldAnswerHttpIT {

    private static final String VERSION = "2025-11-25";
    /** Far longer than the default {@code credential-recheck-ms} (100), so the answer surely counts as held. */
    private static final Duration HELD_AT_LEAST = Duration.ofMillis(1_300);
    /** Far below the waits' 50 s: the wait ended on the revocation, not at its deadline. */
    private static final Duration AT_ONCE = Duration.ofSeconds(10);

    private static HttpServe server;
    private static HttpClient http;

    @BeforeAll
    static void useTheSharedServer(HttpServe shared) {
        server = shared;
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void closeTheClient() {
        if (http != null) {
            http.close();
        }
    }

    @Test
    @DisplayName(
            "a wait_for_mail held across rotate_token of its role answers 403 FORBIDDEN, never the mail that woke it")
    void aWaitHeldAcrossRotateTokenAnswersForbiddenWithoutTheMailThatWokeIt() throws Exception {
        Map<String, String> tokens = channel("rotated-wait", "lead", "dev");
        String dev = tokens.get("dev");
        String session = initialize(dev);
        long sent = System.nanoTime();
        CompletableFuture<HttpResponse<String>> held = waitForMail(dev, session, 50);
        awaitHeld(held);

        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "owner-rotates")) {
            ok(owner, "rotate_token", Map.of("channel", "rotated-wait", "role", "dev"));
        }
        sleepUntil(sent + HELD_AT_LEAST.toNanos());
        try (McpSyncClient lead = HttpClients.initialized(server, tokens.get("lead"), "lead-sends")) {
            ok(
                    lead,
                    "send_message",
                    Map.of("to", "dev", "topic", "after rotation", "body", "written after the token died"));
        }

        HttpResponse<String> answer = held.get(30, TimeUnit.SECONDS);
        assertForbidden(answer);
        assertThat(answer.body()).doesNotContain("after rotation").doesNotContain("pending");
        assertThat(post(dev, session, call(3, "wait_for_mail", Map.of("timeout_s", 0)))
                        .statusCode())
                .isEqualTo(401);
    }

    @Test
    @DisplayName("a 50 s wait_for_mail held across rotate_token of its role ends at once with 403 FORBIDDEN, nothing"
            + " sent to wake it")
    void aWaitHeldAcrossRotateTokenEndsAtOnce() throws Exception {
        Map<String, String> tokens = channel("rotated-at-once", "lead", "dev");
        String dev = tokens.get("dev");
        String session = initialize(dev);
        CompletableFuture<HttpResponse<String>> held = waitForMail(dev, session, 50);
        awaitHeld(held);

        long rotated;
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "owner-rotates-at-once")) {
            rotated = System.nanoTime();
            ok(owner, "rotate_token", Map.of("channel", "rotated-at-once", "role", "dev"));
        }

        HttpResponse<String> answer = held.get(AT_ONCE.toSeconds(), TimeUnit.SECONDS);
        assertThat(Duration.ofNanos(System.nanoTime() - rotated)).isLessThan(AT_ONCE);
        assertForbidden(answer);
    }

    @Test
    @DisplayName("a 50 s wait_for_mail held across delete_channel ends at once with 403 FORBIDDEN")
    void aWaitHeldAcrossDeleteChannelAnswersForbidden() throws Exception {
        Map<String, String> tokens = channel("deleted-wait", "lead", "dev");
        String dev = tokens.get("dev");
        String session = initialize(dev);
        CompletableFuture<HttpResponse<String>> held = waitForMail(dev, session, 50);
        awaitHeld(held);

        long deleted;
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "owner-deletes")) {
            deleted = System.nanoTime();
            ok(owner, "delete_channel", Map.of("name", "deleted-wait"));
        }

        HttpResponse<String> answer = held.get(AT_ONCE.toSeconds(), TimeUnit.SECONDS);
        assertThat(Duration.ofNanos(System.nanoTime() - deleted)).isLessThan(AT_ONCE);
        assertForbidden(answer);
        assertThat(answer.body()).doesNotContain("timed_out");
    }

    @SuppressWarnings("unchecked")
    private static void assertForbidden(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        Map<String, Object> body = json(answer.body());
        assertThat(body).containsEntry("id", 2);
        Map<String, Object> error = (Map<String, Object>) body.get("error");
        assertThat(error).containsEntry("code", -32000).containsEntry("data", Map.of("code", "FORBIDDEN"));
        assertThat((String) error.get("message")).startsWith("Forbidden: this request's credential was rotated");
    }

    private static CompletableFuture<HttpResponse<String>> waitForMail(String token, String session, int timeoutS) {
        return http.sendAsync(
                request(token, session, call(2, "wait_for_mail", Map.of("timeout_s", timeoutS))),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Waits until the call is surely held: it has not been answered within a moment. */
    private static void awaitHeld(CompletableFuture<HttpResponse<String>> call) throws Exception {
        try {
            HttpResponse<String> early = call.get(300, TimeUnit.MILLISECONDS);
            throw new AssertionError(
                    "the wait was answered instead of held: " + early.statusCode() + " " + early.body());
        } catch (TimeoutException held) {
            // held, as it should be
        }
    }

    private static void sleepUntil(long nanoTime) throws InterruptedException {
        long left = nanoTime - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    private static String initialize(String token) throws Exception {
        HttpResponse<String> response = post(
                token,
                null,
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"" + VERSION
                        + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"held-answer\",\"version\":\"1\"}}}");
        String session = response.headers()
                .firstValue("Mcp-Session-Id")
                .orElseThrow(() ->
                        new AssertionError("initialize failed: " + response.statusCode() + " " + response.body()));
        post(token, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return session;
    }

    private static String call(int id, String tool, Map<String, Object> arguments) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":"
                + tools.jackson.databind.json.JsonMapper.shared().writeValueAsString(arguments)
                + "}}";
    }

    private static HttpResponse<String> post(String token, String session, String body) throws Exception {
        return http.send(request(token, session, body), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest request(String token, String session, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri("/mcp"))
                .timeout(Duration.ofSeconds(90))
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

    @SuppressWarnings("unchecked")
    private static Map<String, String> channel(String name, String... roles) {
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "owner-" + name)) {
            return (Map<String, String>) ok(owner, "create_channel", Map.of("name", name, "roles", List.of(roles)))
                    .get("tokens");
        }
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(client, tool, arguments, "\n" + server.log());
    }
}
