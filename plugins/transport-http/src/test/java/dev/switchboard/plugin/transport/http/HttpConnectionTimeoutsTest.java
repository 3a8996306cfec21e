package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * The connection timeouts over raw sockets to the real Helidon server: a request head or body that stalls is cut off
 * after its timeout, an idle connection after the idle timeout, and {@code Connection: close} closes the socket right
 * after the answer, so slow or half-open clients cannot hold sockets.
 */
class HttpConnectionTimeoutsTest {

    private static final Duration SHORT = Duration.ofMillis(400);
    /** Far longer than {@link #SHORT} plus the checks' granularity (Helidon's idle check reads a 1 s clock). */
    private static final Duration WELL_AFTER = Duration.ofSeconds(6);

    private final FakeTransportContext context = Callers.fake();
    private TestServer server;

    private void start(Map<String, Object> settings) {
        server = TestServer.start(context.with(List.of("echo"), call -> ToolResult.text("echo")), settings);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aConnectionThatSentOnlyPartOfAHeaderLineIsClosedAfterTheHeaderTimeout() throws Exception {
        start(Map.of("header-timeout-ms", SHORT.toMillis()));
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("POST /mcp HTTP/1.1\r\nHost: 127.0.");

            assertThat(connection.closedWithin(Duration.ofMillis(100)))
                    .as("open at first")
                    .isFalse();
            assertThat(connection.closedWithin(WELL_AFTER))
                    .as("closed after the header timeout")
                    .isTrue();
        }
    }

    @Test
    void aConnectionThatSentOnlyPartOfARequestLineIsClosedAfterTheIdleTimeout() throws Exception {
        start(Map.of("idle-timeout-ms", SHORT.toMillis()));
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("GET /heal");

            assertThat(connection.closedWithin(WELL_AFTER)).isTrue();
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() throws Exception {
        start(Map.of("idle-timeout-ms", SHORT.toMillis()));
        try (RawConnection connection = RawConnection.open(server.port)) {
            assertThat(connection.closedWithin(WELL_AFTER)).isTrue();
        }
    }

    @Test
    void anIdleKeptAliveConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        start(Map.of("idle-timeout-ms", SHORT.toMillis()));
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");

            assertThat(connection.response(WELL_AFTER).status()).isEqualTo(200);
            assertThat(connection.closedWithin(WELL_AFTER)).isTrue();
        }
    }

    @Test
    void aStalledBodyIsCutOffAfterTheBodyTimeoutAndNothingRuns() throws Exception {
        start(Map.of("body-timeout-ms", SHORT.toMillis()));
        String session = server.initialize(ALICE_TOKEN);
        String call = TestServer.call(2, "echo");
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ALICE_TOKEN
                    + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                    + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION
                    + "\r\nContent-Length: " + call.length() + "\r\n\r\n" + call.substring(0, 10));

            assertThat(connection.closedWithin(Duration.ofMillis(100)))
                    .as("open at first")
                    .isFalse();
            assertThat(connection.closedWithin(WELL_AFTER))
                    .as("cut off after the body timeout")
                    .isTrue();
        }
        RawHttp.Response next = server.post(ALICE_TOKEN, session, call).send(server.port);

        assertThat(next.status()).as("the next request, on a new connection").isEqualTo(200);
        assertThat(context.invocations()).as("only the next request's call ran").isEqualTo(1);
    }

    @Test
    void aKeptAliveConnectionWithinItsTimeoutsServesRequestAfterRequest() throws Exception {
        start(Map.of("header-timeout-ms", SHORT.toMillis(), "body-timeout-ms", SHORT.toMillis()));
        String session = server.initialize(ALICE_TOKEN);
        try (RawConnection connection = RawConnection.open(server.port)) {
            for (int id = 2; id < 5; id++) {
                String call = TestServer.call(id, "echo");
                connection.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ALICE_TOKEN
                        + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                        + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION
                        + "\r\nContent-Length: " + call.length() + "\r\n\r\n" + call);

                assertThat(connection.response(WELL_AFTER).status())
                        .as("call %d", id)
                        .isEqualTo(200);
            }
            assertThat(connection.closedWithin(SHORT.multipliedBy(2)))
                    .as("still open past the header and body timeouts, with no request running")
                    .isFalse();
        }
        assertThat(context.invocations()).isEqualTo(3);
    }

    @Test
    void connectionCloseClosesTheSocketRightAfterTheAnswer() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);
        String call = TestServer.call(2, "echo");
        for (String request : List.of(
                "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + ALICE_TOKEN
                        + "\r\nMcp-Session-Id: " + session + "\r\nAccept: application/json, text/event-stream\r\n"
                        + "Content-Type: application/json\r\nMCP-Protocol-Version: " + TestServer.VERSION
                        + "\r\nConnection: close\r\nContent-Length: " + call.length() + "\r\n\r\n" + call)) {
            try (RawConnection connection = RawConnection.open(server.port)) {
                connection.write(request);

                assertThat(connection.response(WELL_AFTER).status()).isEqualTo(200);
                assertThat(connection.closedWithin(Duration.ofSeconds(1)))
                        .as("closed at once: %s", request.lines().findFirst().orElseThrow())
                        .isTrue();
            }
        }
    }

    @Test
    void aRefusalBeforeTheBodyIsReadClosesTheConnectionInsteadOfWaitingForTheBody() throws Exception {
        start(Map.of());
        try (RawConnection connection = RawConnection.open(server.port)) {
            connection.write("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer wrong\r\n"
                    + "Accept: application/json, text/event-stream\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n{\"jsonrpc\"");

            RawHttp.Response response = connection.response(WELL_AFTER);

            assertThat(response.status()).isEqualTo(401);
            assertThat(response.header("connection")).isEqualToIgnoringCase("close");
            assertThat(connection.closedWithin(Duration.ofSeconds(1))).isTrue();
        }
    }
}
