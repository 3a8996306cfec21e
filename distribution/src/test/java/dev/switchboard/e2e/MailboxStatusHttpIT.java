package dev.switchboard.e2e;

import static dev.switchboard.e2e.support.StatusPolls.get;
import static dev.switchboard.e2e.support.StatusPolls.hold;
import static dev.switchboard.e2e.support.StatusPolls.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.ClassHttpServe;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.StatusPolls;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;

/**
 * The hosted {@code GET /status[?wait=N]} long poll against the built distribution's
 * {@code serve --http}, over real HTTP and real sockets: the summary and its debts, the wake on a message sent by
 * another role, the caps on held polls (429 with {@code Retry-After: 5}), a hung-up client freeing its slot, the
 * 50 s cap, and the refusals (401, 403, 400). Each test uses its own channel.
 *
 * <p>Runs beside the other end-to-end classes ({@link ExecutionMode#CONCURRENT}): its 50 s cap is real time spent
 * waiting, and its own server and channels share nothing with them.
 */
@Execution(ExecutionMode.CONCURRENT)
class MailboxStatusHttpIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @RegisterExtension
    static final ClassHttpServe SERVER = ClassHttpServe.shippedDefaults();

    private static HttpServe server;
    private static HttpClient http;

    @BeforeAll
    static void openClient(HttpServe started) {
        server = started;
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void closeClient() {
        if (http != null) {
            http.close();
        }
    }

    @Test
    @DisplayName("/status without wait answers the channel summary with the open debts as headers and what is pending")
    @SuppressWarnings("unchecked")
    void statusAnswersTheSummaryWithDebtsAsHeadersAndPending() throws Exception {
        Map<String, String> tokens = channel("summary", "lead", "dev");
        long debt = send(tokens.get("lead"), "dev", "login page", "build the login page", true);

        HttpResponse<String> response = get(http, server, "", tokens.get("dev"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        Map<String, Object> status = json(response.body());
        assertThat(status)
                .containsEntry("role", "dev")
                .containsEntry("channel", "summary")
                .containsEntry("unread", 1)
                .containsEntry("open_obligations", 1)
                .containsEntry("wait_s", 0)
                .containsEntry("waited", 0.0)
                .containsKeys("counts", "needs_you", "pins", "last_seen")
                .doesNotContainKey("server");
        assertThat((Map<String, Object>) status.get("pending"))
                .containsEntry("unread", 1)
                .containsEntry("open_obligations_untaken", 1);
        assertThat((List<Map<String, Object>>) status.get("debts"))
                .singleElement()
                .satisfies(header -> assertThat(header)
                        .containsEntry("id", (int) debt)
                        .containsEntry("topic", "login page")
                        .containsEntry("from", "lead")
                        .doesNotContainKey("body"));
    }

    @Test
    @DisplayName("3C.140 a held /status?wait=50 wakes on a message sent by another role, with it pending")
    @SuppressWarnings("unchecked")
    void aHeldStatusWakesOnAMessageWithItPending() throws Exception {
        Map<String, String> tokens = channel("wake", "lead", "dev");
        CompletableFuture<HttpResponse<String>> held = hold(http, server, "?wait=50", tokens.get("dev"));
        awaitHeld(held);

        send(tokens.get("lead"), "dev", "ping", "are you there?", false);

        HttpResponse<String> woken = held.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        Map<String, Object> status = json(woken.body());
        assertThat(woken.statusCode()).isEqualTo(200);
        assertThat((Map<String, Object>) status.get("pending")).containsExactly(Map.entry("unread", 1));
        assertThat(status).containsEntry("wait_s", 50).containsEntry("unread", 1);
        assertThat(((Number) status.get("waited")).doubleValue()).isLessThan(50);
    }

    @Test
    @DisplayName("a /status?wait held across rotate_token of its role answers a refusal, never what was sent after it")
    @SuppressWarnings("unchecked")
    void aPollHeldAcrossRotateTokenAnswersNothingSentAfterIt() throws Exception {
        Map<String, String> tokens = channel("rotated", "lead", "dev");
        CompletableFuture<HttpResponse<String>> held = hold(http, server, "?wait=50", tokens.get("dev"));
        awaitHeld(held);
        try (McpSyncClient owner = client(server.token(), "owner-rotates")) {
            ok(owner, "rotate_token", Map.of("channel", "rotated", "role", "dev"));
        }

        send(tokens.get("lead"), "dev", "after rotation", "written after the token died", true);

        HttpResponse<String> answer = held.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(answer.body()).doesNotContain("after rotation");
        // the transport's FORBIDDEN, after the held answer's token was looked up again (ADR 27)
        assertThat((Map<String, Object>) json(answer.body()).get("error"))
                .containsEntry("code", -32000)
                .containsEntry("data", Map.of("code", "FORBIDDEN"));
        assertThat(get(http, server, "", tokens.get("dev")).statusCode()).isEqualTo(401);
    }

    @Test
    @DisplayName("every /status?wait=50 held by a role token ends at once when rotate_token revokes it, with FORBIDDEN,"
            + " not after its 50 s")
    void pollsHeldByATokenRotatedAwayEndAtOnce() throws Exception {
        Map<String, String> tokens = channel("rotated-early", "lead", "dev");
        List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
        for (int i = 0; i < 8; i++) { // the token's whole cap of held polls
            held.add(hold(http, server, "?wait=50", tokens.get("dev")));
        }
        held.forEach(MailboxStatusHttpIT::awaitHeld);
        CompletableFuture<HttpResponse<String>> otherRole = hold(http, server, "?wait=50", tokens.get("lead"));
        awaitHeld(otherRole);

        try (McpSyncClient owner = client(server.token(), "owner-rotates-early")) {
            ok(owner, "rotate_token", Map.of("channel", "rotated-early", "role", "dev"));
        }

        // nothing is sent: only the revocation ends them, well before their 50 s
        for (CompletableFuture<HttpResponse<String>> poll : held) {
            assertForbidden(poll.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        }
        // the other role's token is live: its poll is still held
        awaitHeld(otherRole);
        otherRole.cancel(true);
    }

    @Test
    @DisplayName("a /status?wait=50 held in a channel that delete_channel deletes ends at once with FORBIDDEN")
    void aPollHeldInADeletedChannelEndsAtOnce() throws Exception {
        Map<String, String> tokens = channel("deleted-early", "lead", "dev");
        CompletableFuture<HttpResponse<String>> held = hold(http, server, "?wait=50", tokens.get("dev"));
        awaitHeld(held);

        try (McpSyncClient owner = client(server.token(), "owner-deletes-early")) {
            ok(owner, "delete_channel", Map.of("name", "deleted-early"));
        }

        assertForbidden(held.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        assertThat(get(http, server, "", tokens.get("dev")).statusCode()).isEqualTo(401);
    }

    /** The held answer of a revoked token: the transport's FORBIDDEN (ADR 27), or the endpoint's own if it wins. */
    @SuppressWarnings("unchecked")
    private static void assertForbidden(HttpResponse<String> answer) {
        Map<String, Object> body = json(answer.body());
        if (body.get("error") instanceof Map<?, ?> error) {
            assertThat((Map<String, Object>) error)
                    .containsEntry("code", -32000)
                    .containsEntry("data", Map.of("code", "FORBIDDEN"));
        } else {
            assertThat(body).as(answer.body()).containsEntry("code", "FORBIDDEN");
        }
    }

    @Test
    @DisplayName("3C.140 a 9th held /status?wait=50 of one token is answered 429 with Retry-After: 5; hanging up a held"
            + " socket frees its slot at once; another token still gets a slot")
    @SuppressWarnings("unchecked")
    void aNinthHeldPollIsRefusedAndAHungUpSocketFreesItsSlot() throws Exception {
        Map<String, String> tokens = channel("crowd", "lead", "dev", "ops");
        String dev = tokens.get("dev");
        Socket hungUp = StatusPolls.raw(server, "/status?wait=50", bearer(dev));
        assertThat(StatusPolls.statusOf(hungUp)).isEqualTo(200);
        List<CompletableFuture<HttpResponse<String>>> held = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            held.add(hold(http, server, "?wait=50", dev));
        }
        held.forEach(MailboxStatusHttpIT::awaitHeld);

        HttpResponse<String> ninth = get(http, server, "?wait=50", dev);
        HttpResponse<String> otherToken = get(http, server, "?wait=1", tokens.get("ops"));

        assertThat(ninth.statusCode()).as(ninth.body()).isEqualTo(429);
        assertThat(ninth.headers().firstValue("Retry-After")).hasValue("5");
        assertThat(json(ninth.body())).containsEntry("code", "LIMIT_EXCEEDED");
        assertThat(otherToken.statusCode()).isEqualTo(200);

        hungUp.close();
        CompletableFuture<HttpResponse<String>> replacement = null;
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (replacement == null) {
            assertThat(System.nanoTime())
                    .as("the hung-up socket's slot was never freed")
                    .isLessThan(deadline);
            CompletableFuture<HttpResponse<String>> attempt = hold(http, server, "?wait=50", dev);
            if (isRefused(attempt)) {
                Thread.sleep(50);
            } else {
                replacement = attempt;
            }
        }
        held.add(replacement);

        send(tokens.get("lead"), "dev", "wake up", "all of you", false);
        for (CompletableFuture<HttpResponse<String>> poll : held) {
            HttpResponse<String> woken = poll.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(woken.statusCode()).isEqualTo(200);
            assertThat((Map<String, Object>) json(woken.body()).get("pending")).containsEntry("unread", 1);
        }
    }

    @Test
    @DisplayName("3C.140 /status?wait=500 is held 50 s at most and says so")
    void aWaitOf500IsHeldFiftySecondsAtMost() throws Exception {
        Map<String, String> tokens = channel("capped", "lead", "dev");
        long start = System.nanoTime();

        HttpResponse<String> response = get(http, server, "?wait=500", tokens.get("dev"));

        double elapsed = (System.nanoTime() - start) / 1e9;
        Map<String, Object> status = json(response.body());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(status).containsEntry("wait_s", 50).containsEntry("pending", Map.of());
        assertThat(((Number) status.get("waited")).doubleValue()).isBetween(49.9, 51.0);
        assertThat(elapsed).isBetween(49.9, 55.0);
    }

    @Test
    @DisplayName("/status refuses a wait that is not whole seconds from 0 to 3600 with 400 JSON naming wait")
    void aBadWaitIs400() throws Exception {
        Map<String, String> tokens = channel("bad-wait", "lead", "dev");
        for (String query : List.of(
                "?wait=abc",
                "?wait=-1",
                "?wait=1.5",
                "?wait=3601",
                "?wait=99999999999999999999",
                "?wait=1&wait=2",
                "?wait=")) {
            HttpResponse<String> response = get(http, server, query, tokens.get("dev"));
            assertThat(response.statusCode()).as(query).isEqualTo(400);
            assertThat(json(response.body()))
                    .as(query)
                    .containsEntry("code", "INVALID_ARGUMENTS")
                    .containsEntry("field", "wait");
        }
    }

    @Test
    @DisplayName("/status with the owner token or a view key is 403 JSON; without or with an unknown token 401 JSON")
    void theOwnerAndAViewerAre403AndNoTokenIs401() throws Exception {
        channel("refusals", "lead", "dev");
        String viewKey;
        try (McpSyncClient owner = client(server.token(), "owner-view")) {
            viewKey = (String)
                    ok(owner, "board_link", Map.of("channel", "refusals")).get("view_key");
        }

        HttpResponse<String> owner = get(http, server, "", server.token());
        HttpResponse<String> viewer = get(http, server, "?wait=5", viewKey);
        HttpResponse<String> none = get(http, server, "", null);
        HttpResponse<String> unknown = get(http, server, "", "cct_" + "A".repeat(43));

        assertThat(owner.statusCode()).isEqualTo(403);
        assertThat(json(owner.body())).containsEntry("code", "FORBIDDEN");
        assertThat(viewer.statusCode()).isEqualTo(403);
        assertThat(json(viewer.body())).containsEntry("code", "FORBIDDEN");
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(json(none.body())).containsKey("error");
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(json(unknown.body())).containsKey("error");
    }

    @Test
    @DisplayName("3C.137 (/status half) a non-ASCII bearer on /status is 401, never 500")
    void aNonAsciiBearerIs401() throws Exception {
        byte[] header = concat(
                "Authorization: Bearer cct_".getBytes(StandardCharsets.US_ASCII),
                new byte[] {(byte) 0xE9, (byte) 0xFF});
        try (Socket socket = StatusPolls.raw(server, "/status?wait=5", header)) {
            assertThat(StatusPolls.statusOf(socket)).isEqualTo(401);
        }
    }

    @Test
    @DisplayName(
            "3C.136 (/status half) a Host outside allowed-hosts on /status is refused before the token is looked at:"
                    + " 403, as on every route of the transport (docs/mailbox-guide.md)")
    void aWrongHostIsRefused() throws Exception {
        Map<String, String> tokens = channel("hosts", "lead", "dev");
        byte[] evilHost = "Host: channel.test".getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = new Socket("127.0.0.1", server.uri("/").getPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream()
                    .write(concat(
                            "GET /status HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII),
                            evilHost,
                            ("\r\nAuthorization: Bearer " + tokens.get("dev") + "\r\nConnection: close\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII)));
            assertThat(StatusPolls.statusOf(socket)).isEqualTo(403);
        }
    }

    private static byte[] bearer(String token) {
        return ("Authorization: Bearer " + token).getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    /** Waits until the poll is surely held (its slot taken): it has not been answered within a moment. */
    private static void awaitHeld(CompletableFuture<HttpResponse<String>> poll) {
        try {
            HttpResponse<String> early = poll.get(300, TimeUnit.MILLISECONDS);
            throw new AssertionError(
                    "the poll was answered instead of held: " + early.statusCode() + " " + early.body());
        } catch (java.util.concurrent.TimeoutException held) {
            // held, as it should be
        } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean isRefused(CompletableFuture<HttpResponse<String>> attempt) throws Exception {
        try {
            return attempt.get(300, TimeUnit.MILLISECONDS).statusCode() == 429;
        } catch (java.util.concurrent.TimeoutException held) {
            return false;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> channel(String name, String... roles) {
        try (McpSyncClient owner = client(server.token(), "owner-" + name)) {
            return (Map<String, String>) ok(owner, "create_channel", Map.of("name", name, "roles", List.of(roles)))
                    .get("tokens");
        }
    }

    private static long send(String token, String to, String topic, String body, boolean actionRequired) {
        try (McpSyncClient from = client(token, "sender-" + topic.replace(' ', '-'))) {
            return ((Number) ok(
                                    from,
                                    "send_message",
                                    Map.of("to", to, "topic", topic, "body", body, "action_required", actionRequired))
                            .get("id"))
                    .longValue();
        }
    }

    private static McpSyncClient client(String token, String name) {
        return HttpClients.initialized(server, token, "status-" + name);
    }

    private static Map<String, Object> ok(McpSyncClient client, String tool, Map<String, Object> arguments) {
        return ToolCalls.okStructured(client, tool, arguments, "\n" + server.log());
    }
}
