package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * The errors the HTTP transport answers itself carry the request's id whenever it can be read from the body (the
 * bridge's {@code RefusalIds}, one rule with stdio), and {@code null} where it cannot: on the real Helidon server.
 */
class HttpRefusalIdTest {

    private static final int LIMIT = 2048;

    private final FakeTransportContext context = Callers.fake();
    private TestServer server;
    private String session;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(
                context.with(List.of("echo"), call -> ToolResult.text("echo")), Map.of("max-body-bytes", LIMIT));
        session = server.initialize(ALICE_TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void refusedHeadersAreAnsweredWithTheRequestsId() throws Exception {
        RawHttp.Response noAccept = server.post(ALICE_TOKEN, session, TestServer.call(21, "echo"))
                .header("Accept", null)
                .send(server.port);
        RawHttp.Response textPlain = server.post(ALICE_TOKEN, session, TestServer.call(22, "echo"))
                .header("Content-Type", "text/plain")
                .send(server.port);
        RawHttp.Response oldVersion = server.post(
                        ALICE_TOKEN, session, "{\"jsonrpc\":\"2.0\",\"id\":\"v-23\",\"method\":\"ping\"}")
                .header("MCP-Protocol-Version", "1999-01-01")
                .send(server.port);

        assertThat(noAccept.status()).isEqualTo(406);
        assertThat(noAccept.json()).containsEntry("id", 21);
        assertThat(textPlain.status()).isEqualTo(415);
        assertThat(textPlain.json()).containsEntry("id", 22);
        assertThat(oldVersion.status()).isEqualTo(400);
        assertThat(oldVersion.json()).containsEntry("id", "v-23");
        assertThat(context.invocations()).isZero();
    }

    @Test
    void aMissingOrUnknownSessionIsAnsweredWithTheRequestsId() throws Exception {
        RawHttp.Response missing =
                server.post(ALICE_TOKEN, null, TestServer.call(31, "echo")).send(server.port);
        RawHttp.Response unknown = server.post(
                        ALICE_TOKEN, "no-such-session", "{\"jsonrpc\":\"2.0\",\"id\":\"s-32\",\"method\":\"ping\"}")
                .send(server.port);

        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json()).containsEntry("id", 31);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json()).containsEntry("id", "s-32");
    }

    @Test
    void aBodyOverTheLimitIsAnsweredWithTheIdAtItsStart() throws Exception {
        RawHttp request = server.post(ALICE_TOKEN, session, "")
                .header("Transfer-Encoding", "chunked")
                .declaredLengthOnly(0)
                .header("Content-Length", null);
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                        + "\"arguments\":{\"text\":\"" + "x".repeat(2 * LIMIT) + "\"}}}")
                .getBytes(StandardCharsets.US_ASCII);
        try (Socket socket = request.open(server.port)) {
            OutputStream out = socket.getOutputStream();
            try {
                out.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(body);
                out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (SocketException e) {
                // the server refused the body and closed the connection before all of it was sent
            }

            RawHttp.Response refusal = RawHttp.read(socket.getInputStream());

            assertThat(refusal.status()).isEqualTo(413);
            assertThat(refusal.json()).containsEntry("id", 41);
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void whatNamesNoRequestIsAnsweredWithANullId() throws Exception {
        Map<String, RawHttp.Response> refusals = Map.of(
                "unparseable JSON",
                server.post(ALICE_TOKEN, session, "{\"jsonrpc\":\"2.0\",\"id\":51,")
                        .header("Accept", null)
                        .send(server.port),
                "a batch",
                server.post(ALICE_TOKEN, null, "[" + TestServer.call(52, "echo") + "]")
                        .send(server.port),
                "a notification",
                server.post(ALICE_TOKEN, null, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                        .send(server.port),
                "a response",
                server.post(ALICE_TOKEN, "no-such-session", "{\"jsonrpc\":\"2.0\",\"id\":54,\"result\":{}}")
                        .send(server.port),
                "a body refused by its declared length, never read",
                server.post(ALICE_TOKEN, session, "")
                        .declaredLengthOnly(LIMIT + 1)
                        .send(server.port),
                "a wrong token (no body is read for a caller not admitted)",
                server.post("wrong-token", session, TestServer.call(56, "echo")).send(server.port));

        for (Map.Entry<String, RawHttp.Response> refusal : refusals.entrySet()) {
            assertThat(refusal.getValue().status()).as(refusal.getKey()).isBetween(400, 499);
            assertThat(refusal.getValue().json()).as(refusal.getKey()).containsEntry("id", null);
        }
        assertThat(context.invocations()).isZero();
    }
}
