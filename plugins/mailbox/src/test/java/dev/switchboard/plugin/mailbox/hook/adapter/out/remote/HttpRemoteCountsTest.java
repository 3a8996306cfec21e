package dev.switchboard.plugin.mailbox.hook.adapter.out.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;

/** {@link HttpRemoteCounts} against real local servers: the JDK's {@code HttpServer}, and a raw socket that drips. */
@Timeout(30)
class HttpRemoteCountsTest {

    private static final String TOKEN = "cct_" + "T".repeat(43);
    private static final Duration BUDGET = Duration.ofMillis(800);

    private final HttpRemoteCounts client = new HttpRemoteCounts(BUDGET);
    private final Map<String, String> seen = new ConcurrentHashMap<>();
    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    void fetchSendsTheBearerTokenAcceptAndUserAgentAndReadsTheCountsSkippingOtherMembers() throws IOException {
        URI base = serve(
                200,
                "{\"channel\":\"proj\",\"extra\":[1,{\"a\":2}],\"role\":\"backend\","
                        + "\"counts\":{\"unread\":2,\"resolved_for_you\":0}}");

        RoleCounts counts = client.fetch(base, TOKEN);

        assertThat(counts.channel()).isEqualTo("proj");
        assertThat(counts.role()).isEqualTo("backend");
        assertThat(counts.counts()).containsExactly(Map.entry("unread", 2), Map.entry("resolved_for_you", 0));
        assertThat(seen)
                .containsEntry("path", "/hook-status")
                .containsEntry("authorization", "Bearer " + TOKEN)
                .containsEntry("accept", "application/json");
        assertThat(seen.get("user-agent")).startsWith("switchboard-mailbox/");
    }

    @Test
    void pollAsksStatusWithTheWaitAndReadsPending() throws IOException {
        URI base = serve(200, "{\"channel\":\"proj\",\"role\":\"lead\",\"pending\":{\"unread\":1},\"pins\":[]}");

        RoleCounts counts = client.poll(base, TOKEN, 1);

        assertThat(counts.counts()).containsExactly(Map.entry("unread", 1));
        assertThat(seen).containsEntry("path", "/status").containsEntry("query", "wait=1");
    }

    @Test
    void pinsAreReadAsTheServerWroteThem() throws IOException {
        URI base = serve(
                200,
                "{\"channel\":\"proj\",\"role\":\"lead\",\"pending\":{},"
                        + "\"pins\":[{\"key\":\"plan\",\"version\":3,\"approved_by\":null}]}");

        List<Map<String, Object>> pins = client.pins(base, TOKEN);

        assertThat(pins).hasSize(1);
        assertThat(pins.getFirst()).containsEntry("key", "plan").containsEntry("version", 3);
        assertThat(seen).containsEntry("query", "wait=0");
    }

    @Test
    void aRedirectIsRefusedAndNeverFollowed() throws IOException {
        AtomicInteger followed = new AtomicInteger();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/elsewhere", exchange -> {
            followed.incrementAndGet();
            respond(exchange, 200, "{}");
        });
        server.createContext("/hook-status", exchange -> {
            exchange.getResponseHeaders().add("Location", base(server) + "/elsewhere");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.start();

        assertThatThrownBy(() -> client.fetch(base(server), TOKEN))
                .isInstanceOfSatisfying(
                        HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.ANSWER))
                .hasMessageContaining("answered a redirect (302), which is refused");
        assertThat(followed).hasValue(0);
    }

    @ParameterizedTest
    @CsvSource({
        "401, the token is unknown, revoked or expired",
        "403, the token is not a channel role token",
        "404, no such endpoint there",
        "429, too many requests or held polls for now",
        "503, the server or its store is unavailable for now",
        "500, answered 500"
    })
    void aStatusOtherThan200IsAnAnswerFailureInWords(int status, String words) throws IOException {
        URI base = serve(status, "{\"error\":\"x\",\"message\":\"" + TOKEN + "\"}");

        assertThatThrownBy(() -> client.fetch(base, TOKEN))
                .isInstanceOfSatisfying(
                        HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.ANSWER))
                .hasMessageContaining("answered " + status)
                .hasMessageContaining(words)
                .hasMessageNotContaining(TOKEN);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"error\":\"the token was revoked\",\"code\":\"FORBIDDEN\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":\"Forbidden: revoked\","
                        + "\"data\":{\"code\":\"FORBIDDEN\"}}}"
            })
    void aHeldPollAnsweredWithForbiddenSaysTheTokenWasRevokedAndIsATokenRefusal(String body) throws IOException {
        URI base = serve(200, body);

        assertThatThrownBy(() -> client.poll(base, TOKEN, 1))
                .isInstanceOfSatisfying(HookFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(HookFailure.Kind.ANSWER);
                    assertThat(f.isTokenRefused()).isTrue();
                })
                .hasMessageEndingWith("answered FORBIDDEN (the token was revoked or its channel deleted)");
    }

    @Test
    void aHeldPollAnsweredWithUnavailableSaysTheServerIsStoppingAndIsNoTokenRefusal() throws IOException {
        URI base = serve(
                200,
                "{\"error\":\"the server is stopping; poll again in a moment\",\"code\":\"UNAVAILABLE\","
                        + "\"retryable\":true}");

        assertThatThrownBy(() -> client.poll(base, TOKEN, 1))
                .isInstanceOfSatisfying(HookFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(HookFailure.Kind.ANSWER);
                    assertThat(f.isTokenRefused()).isFalse();
                })
                .hasMessageEndingWith("answered UNAVAILABLE (the server is stopping or its store is unavailable)");
    }

    @ParameterizedTest
    @CsvSource({"401, true", "403, true", "429, false", "503, false"})
    void only401And403AreTokenRefusals(int status, boolean refused) throws IOException {
        URI base = serve(status, "{\"error\":\"x\"}");

        assertThatThrownBy(() -> client.poll(base, TOKEN, 1))
                .isInstanceOfSatisfying(
                        HookFailure.class, f -> assertThat(f.isTokenRefused()).isEqualTo(refused));
    }

    @Test
    void aBodyThatIsNotJsonOrNotTheCountsIsAnAnswerFailure() throws IOException {
        URI broken = serve(200, "{\"channel\": \"proj\", \"role\": tru");
        assertThatThrownBy(() -> client.fetch(broken, TOKEN))
                .isInstanceOf(HookFailure.class)
                .hasMessageEndingWith("answered 200 with no JSON");
        server.stop(0);

        URI shape = serve(200, "{\"channel\":\"proj\",\"role\":\"lead\",\"counts\":{\"unread\":\"1\"}}");
        assertThatThrownBy(() -> client.fetch(shape, TOKEN))
                .isInstanceOfSatisfying(
                        HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.ANSWER))
                .hasMessageEndingWith("answered 200 without {channel, role, counts}");
    }

    @Test
    void aBodyLongerThanTheBoundIsAnAnswerFailure() throws IOException {
        URI base = serve(200, "{\"channel\":\"" + "x".repeat(HttpRemoteCounts.MAX_ANSWER_BYTES) + "\"}");

        assertThatThrownBy(() -> client.fetch(base, TOKEN))
                .isInstanceOfSatisfying(
                        HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.ANSWER))
                .hasMessageContaining("longer than " + HttpRemoteCounts.MAX_ANSWER_BYTES + " bytes");
    }

    @Test
    void aServerThatIsDownIsUnreachable() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }

        assertThatThrownBy(() -> client.fetch(URI.create("http://127.0.0.1:" + port), TOKEN))
                .isInstanceOfSatisfying(
                        HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.UNREACHABLE))
                .hasMessageContaining("is unreachable: the connection was refused");
    }

    @Test
    void aServerThatDripsItsBodyFailsAtTheDeadlineThoughEveryReadIsQuick() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            AtomicInteger dripped = new AtomicInteger();
            Thread dripper = Thread.ofPlatform().daemon().start(() -> drip(listener, dripped));
            URI base = URI.create("http://127.0.0.1:" + listener.getLocalPort());

            // each byte comes well within the read timeout (the budget), so only the deadline can end the answer
            assertThatThrownBy(() -> client.fetch(base, TOKEN))
                    .isInstanceOfSatisfying(
                            HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.UNREACHABLE))
                    .hasMessageContaining("is unreachable: no answer within the timeout");
            assertThat(dripped.get())
                    .as("bytes of the body sent before the deadline")
                    .isPositive();
            dripper.interrupt();
        }
    }

    @Test
    void aServerThatSendsHeadersAndThenNothingFailsAtTheReadTimeout() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> {
                try (Socket socket = listener.accept()) {
                    readRequest(socket.getInputStream());
                    socket.getOutputStream().write(headers(100));
                    socket.getOutputStream().flush();
                    socket.getInputStream().read(); // until the client gives up and closes
                } catch (IOException e) {
                    // the client closed the connection
                }
            });
            URI base = URI.create("http://127.0.0.1:" + listener.getLocalPort());

            assertThatThrownBy(() -> client.fetch(base, TOKEN))
                    .isInstanceOfSatisfying(
                            HookFailure.class, f -> assertThat(f.kind()).isEqualTo(HookFailure.Kind.UNREACHABLE))
                    .hasMessageContaining("no answer within the timeout");
        }
    }

    /** Answers one request with headers promising 100,000 bytes, then one byte every 50 ms until it fails. */
    private static void drip(ServerSocket listener, AtomicInteger dripped) {
        try (Socket socket = listener.accept()) {
            readRequest(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            out.write(headers(100_000));
            out.write('{');
            out.flush();
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(50); // the drip's pace, not a synchronisation
                out.write(' ');
                out.flush();
                dripped.incrementAndGet();
            }
        } catch (IOException | InterruptedException e) {
            // the client closed the connection, or the test ended
        }
    }

    private static byte[] headers(int contentLength) {
        return ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + contentLength + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads a request's head, up to its blank line. */
    private static void readRequest(InputStream in) throws IOException {
        int state = 0;
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            state = (b == '\r' && state % 2 == 0) || (b == '\n' && state % 2 == 1) ? state + 1 : 0;
        }
    }

    private URI serve(int status, String body) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            seen.put("path", exchange.getRequestURI().getPath());
            if (exchange.getRequestURI().getQuery() != null) {
                seen.put("query", exchange.getRequestURI().getQuery());
            }
            exchange.getRequestHeaders().forEach((name, values) -> seen.put(name.toLowerCase(), values.getFirst()));
            respond(exchange, status, body);
        });
        server.start();
        return base(server);
    }

    private static URI base(HttpServer server) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
