package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.BoardChannel;
import dev.switchboard.e2e.support.ClassHttpServe;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;

/**
 * ADR 22 on the board of the built distribution, over real HTTP: a bogus board nonce or an unknown session cookie
 * spends the peer's failure bucket (here 3 at once), so guessing gets 429 with {@code Retry-After}, while valid links
 * and sessions spend nothing and are served even once the bucket is empty. A server of its own: the test empties the one failure bucket of 127.0.0.1.
 */
class BoardGuessingHttpIT {

    @RegisterExtension
    static final ClassHttpServe SERVER = ClassHttpServe.withEnvironment(Map.of(
            "SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__AUTH_FAILURE_BURST", "3",
            "SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__AUTH_FAILURES_PER_MINUTE", "1"));

    private static HttpServe server;
    private static HttpClient http;

    @BeforeAll
    static void start(HttpServe started) {
        server = started;
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        if (http != null) {
            http.close();
        }
    }

    @Test
    @DisplayName("valid board links and sessions spend nothing and are served even past the burst; guessed nonces and"
            + " cookies get 401 pages until the peer's failure burst is spent, then 429 with Retry-After")
    @SuppressWarnings("unchecked")
    void guessedNoncesAndCookiesAreRateLimitedWhileValidOnesAreNot() throws Exception {
        Map<String, String> tokens;
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "owner-guess")) {
            tokens = (Map<String, String>) ToolCalls.okStructured(
                            owner,
                            "create_channel",
                            Map.of("name", "guess", "roles", List.of("lead", "dev")),
                            "\n" + server.log())
                    .get("tokens");
        }
        BoardChannel channel = new BoardChannel("guess", tokens, 0, 0);
        List<Integer> valid = new ArrayList<>();
        String session = null;
        for (int i = 0; i < 4; i++) {
            HttpResponse<String> redeemed = get(channel.link(server, server.token()), Map.of());
            valid.add(redeemed.statusCode());
            String cookie = redeemed.headers().firstValue("Set-Cookie").orElseThrow();
            session = cookie.substring(0, cookie.indexOf(';'));
        }
        for (int i = 0; i < 4; i++) {
            valid.add(get("/board/guess", Map.of("Cookie", session)).statusCode());
        }

        List<Integer> guesses = new ArrayList<>();
        guesses.add(get("/board/guess?t=" + "A".repeat(43), Map.of()).statusCode());
        guesses.add(get("/board/guess", Map.of("Cookie", "cc_board=" + "B".repeat(43)))
                .statusCode());
        guesses.add(get("/board/guess?t=" + "C".repeat(43), Map.of()).statusCode());
        HttpResponse<String> limited = get("/board/guess?t=" + "D".repeat(43), Map.of());
        HttpResponse<String> validAfter = get("/board/guess", Map.of("Cookie", session));

        assertThat(valid).containsExactly(303, 303, 303, 303, 200, 200, 200, 200);
        assertThat(guesses).as(server.log()).containsExactly(401, 401, 401);
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow()))
                .isBetween(1L, 60L);
        assertThat(limited.body()).contains("too many refused credentials from this address");
        assertThat(validAfter.statusCode())
                .as("a valid session from the same address is served: another client's failures never refuse it")
                .isEqualTo(200);
    }

    private static HttpResponse<String> get(String pathAndQuery, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(server.uri(pathAndQuery)).GET();
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
