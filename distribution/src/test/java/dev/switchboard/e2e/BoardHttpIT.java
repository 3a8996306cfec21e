package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.BoardChannel;
import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.SharedHttpServe;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;

/**
 * The board over the built distribution's HTTP transport, request by request (behaviours 133, 136, 137, 138): the
 * nonce's 303 and cookie, the pages a session, the owner's bearer and a role token get, the §1C.8 headers as the
 * client receives them, and the transport's own refusals (a wrong Host, a non-ASCII bearer) on {@code /board}.
 */
@ExtendWith(SharedHttpServe.class)
class BoardHttpIT {

    /** The channel's name: on the shared server, one no other class uses. */
    private static final String CHANNEL = "board-http";

    private static HttpServe server;
    private static BoardChannel channel;
    private static HttpClient http;

    @BeforeAll
    static void start(HttpServe shared) {
        server = shared;
        channel = BoardChannel.create(server, CHANNEL);
        http = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @AfterAll
    static void stop() {
        if (http != null) {
            http.close();
        }
    }

    @Test
    @DisplayName("3C.138 a board link is 303 to /board/<channel> with the cc_board cookie; the session reads the page"
            + " with the §1C.8 headers and only the board's own script; the nonce reused is a 401 page")
    void aBoardLinkBecomesASession() throws Exception {
        String link = channel.link(server, server.token());

        HttpResponse<String> redirect = get(link, Map.of());

        assertThat(redirect.statusCode()).as(server.log()).isEqualTo(303);
        assertThat(redirect.headers().firstValue("Location")).hasValue("/board/" + CHANNEL);
        String cookie = redirect.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).matches("cc_board=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=/board; Max-Age=604800");
        String session = cookie.substring(0, cookie.indexOf(';'));

        HttpResponse<String> page = get("/board/" + CHANNEL, Map.of("Cookie", session));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .hasValue(
                        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:;"
                                + " frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
        assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
        assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
        assertThat(Jsoup.parse(page.body()).select("script").eachAttr("src")).containsExactly("/board-assets/board.js");
        Document doc = Jsoup.parse(page.body());
        assertThat(doc.select("article.role h3").eachText()).containsExactly("backend", "frontend", "lead", "qa");

        HttpResponse<String> reused = get(link, Map.of());
        assertThat(reused.statusCode()).isEqualTo(401);
        assertThat(Jsoup.parse(reused.body()).select("h1").text()).isEqualTo("This board link no longer works");
        assertThat(reused.headers().firstValue("Content-Security-Policy")).isPresent();
    }

    @Test
    @DisplayName("the owner's index shows every handoff project: its latest sequence, each consumer's cursor and what"
            + " is pending for it, read from the handoff plugin through ports.summary")
    void theOwnersIndexShowsTheHandoffProjects() throws Exception {
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "board-owner")) {
            ToolCalls.okStructured(owner, "frontispice_register_project", Map.of("project", "raveil"), server.log());
            for (int i = 1; i <= 3; i++) {
                ToolCalls.okStructured(
                        owner,
                        "frontispice_publish_handoff",
                        Handoffs.publish("raveil", "Note " + i, "content " + i, null),
                        server.log());
            }
            ToolCalls.okStructured(
                    owner,
                    "frontispice_advance_cursor",
                    Map.of("project", "raveil", "consumer", "codex", "through_sequence", 1),
                    server.log());
        }

        HttpResponse<String> index = get("/board", bearer(server.token()));

        assertThat(index.statusCode()).isEqualTo(200);
        Document page = Jsoup.parse(index.body());
        assertThat(page.select("section.feature h2").eachText()).contains("Handoff projects");
        assertThat(page.select("section.feature tr.summary-row").stream()
                        .map(row -> row.select("td").eachText())
                        .toList())
                .contains(List.of("raveil", "3", "codex", "1", "2"));
        assertThat(page.select("script").eachAttr("src")).containsExactly("/board-assets/board.js");
        assertThat(index.headers().firstValue("Content-Security-Policy")).isPresent();
    }

    @Test
    @DisplayName("3C.138 no credentials is a 401 page, a role token a 403 page; the owner's bearer reads the index and"
            + " an unknown channel is 404")
    void whoGetsWhichPage() throws Exception {
        HttpResponse<String> nobody = get("/board/" + CHANNEL, Map.of());
        assertThat(nobody.statusCode()).isEqualTo(401);
        assertThat(Jsoup.parse(nobody.body()).select("h1").text()).isEqualTo("Not signed in");

        HttpResponse<String> role =
                get("/board/" + CHANNEL, bearer(channel.tokens().get("qa")));
        assertThat(role.statusCode()).isEqualTo(403);
        assertThat(Jsoup.parse(role.body()).select("h1").text()).isEqualTo("Role tokens do not open the board");
        assertThat(Jsoup.parse(role.body()).select("script"))
                .as("a refusal is not a live page: no script (ADR 81)")
                .isEmpty();

        HttpResponse<String> index = get("/board", bearer(server.token()));
        assertThat(index.statusCode()).isEqualTo(200);
        assertThat(Jsoup.parse(index.body()).select("tr.channel a").eachText()).contains(CHANNEL);
        assertThat(get("/board/nowhere", bearer(server.token())).statusCode()).isEqualTo(404);
        assertThat(get("/board/" + CHANNEL, bearer("cct_" + "A".repeat(43))).statusCode())
                .isEqualTo(401);
    }

    @Test
    @DisplayName("3C.133 rotate_token of the role that issued a board link ends its session (401); a session from the"
            + " owner's link keeps working")
    void rotationEndsTheIssuersSessions() throws Exception {
        String fromQa = session(channel.link(server, channel.tokens().get("qa")));
        String fromOwner = session(channel.link(server, server.token()));
        assertThat(get("/board/" + CHANNEL, Map.of("Cookie", fromQa)).statusCode())
                .isEqualTo(200);

        channel.rotate(server, "qa");

        assertThat(get("/board/" + CHANNEL, Map.of("Cookie", fromQa)).statusCode())
                .isEqualTo(401);
        assertThat(get("/board/" + CHANNEL, Map.of("Cookie", fromOwner)).statusCode())
                .isEqualTo(200);
    }

    @Test
    @DisplayName("3C.136 a wrong Host on /board is refused as on every route of this transport (403, where the"
            + " original answers 421), before any board code runs")
    void aWrongHostIsRefused() throws IOException {
        String answer = raw(("GET /board/" + CHANNEL + " HTTP/1.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        assertThat(answer).startsWith("HTTP/1.1 403");
    }

    @Test
    @DisplayName("3C.137 a non-ASCII bearer on /board is 401, never 500")
    void aNonAsciiBearerIs401() throws IOException {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(("GET /board/" + CHANNEL + " HTTP/1.1\r\nHost: 127.0.0.1:"
                        + server.uri("/").getPort() + "\r\nAuthorization: Bearer cct_")
                .getBytes(StandardCharsets.US_ASCII));
        request.writeBytes(new byte[] {(byte) 0xE9, (byte) 0xFF});
        request.writeBytes("\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(raw(request.toByteArray())).startsWith("HTTP/1.1 401");
    }

    private static String session(String link) throws Exception {
        String cookie = get(link, Map.of()).headers().firstValue("Set-Cookie").orElseThrow();
        return cookie.substring(0, cookie.indexOf(';'));
    }

    private static Map<String, String> bearer(String token) {
        return Map.of("Authorization", "Bearer " + token);
    }

    private static HttpResponse<String> get(String pathAndQuery, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(server.uri(pathAndQuery)).GET();
        headers.forEach(request::header);
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the status line of the answer to a request written byte by byte */
    private static String raw(byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.uri("/").getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            // the status line is enough, and the server may keep the connection open after it
            BufferedReader in =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
            return in.readLine();
        }
    }
}
