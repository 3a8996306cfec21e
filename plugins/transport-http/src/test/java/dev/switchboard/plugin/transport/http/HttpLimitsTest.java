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

/** Body size, content type, accepted types, nesting depth and JSON-RPC shape, all refused before the tools. */
class HttpLimitsTest {

    private final FakeTransportContext context = Callers.fake();
    private TestServer server;
    private String session;

    @BeforeEach
    void start() throws Exception {
        server = TestServer.start(
                context.with(List.of("echo"), call -> ToolResult.text("echo")), Map.of("max-json-depth", 16));
        session = server.initialize(ALICE_TOKEN);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void refusesANineMegabyteBodyWithoutReadingIt() throws Exception {
        RawHttp.Response response = server.post(ALICE_TOKEN, session, "")
                .declaredLengthOnly(9L * 1024 * 1024)
                .send(server.port);

        assertThat(response.status()).isEqualTo(413);
        assertThat((String) response.error().get("message")).contains("8388608");
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void refusesAChunkedBodyAsSoonAsItPassesTheLimit() throws Exception {
        try (TestServer small = TestServer.start(
                context.with(List.of("echo"), call -> ToolResult.text("echo")), Map.of("max-body-bytes", 1024))) {
            String id = small.initialize(ALICE_TOKEN);
            RawHttp request = small.post(ALICE_TOKEN, id, "")
                    .header("Transfer-Encoding", "chunked")
                    .header("Content-Length", null);
            try (Socket socket =
                    request.declaredLengthOnly(0).header("Content-Length", null).open(small.port)) {
                OutputStream out = socket.getOutputStream();
                byte[] chunk = "x".repeat(600).getBytes(StandardCharsets.US_ASCII);
                try {
                    for (int i = 0; i < 3; i++) {
                        out.write((Integer.toHexString(chunk.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.write(chunk);
                        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                    }
                    out.flush();
                } catch (SocketException e) {
                    // the server refused the body and closed the connection before all of it was sent
                }

                assertThat(RawHttp.read(socket.getInputStream()).status()).isEqualTo(413);
            }
        }
    }

    @Test
    void refusesAWrongContentTypeWith415() throws Exception {
        RawHttp.Response response = server.post(ALICE_TOKEN, session, TestServer.call(2, "echo"))
                .header("Content-Type", "text/plain")
                .send(server.port);

        assertThat(response.status()).isEqualTo(415);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void refusesAMissingOrInsufficientAcceptWith406() throws Exception {
        RawHttp.Response missing = server.post(ALICE_TOKEN, session, TestServer.call(2, "echo"))
                .header("Accept", null)
                .send(server.port);
        RawHttp.Response jsonOnly = server.post(ALICE_TOKEN, session, TestServer.call(3, "echo"))
                .header("Accept", "application/json")
                .send(server.port);
        RawHttp.Response getWithoutStream = RawHttp.request("GET", "/mcp")
                .header("Accept", "application/json")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", session)
                .send(server.port);

        assertThat(missing.status()).isEqualTo(406);
        assertThat(jsonOnly.status()).isEqualTo(406);
        assertThat(getWithoutStream.status()).isEqualTo(406);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void refusesJsonNestedDeeperThanTheLimit() throws Exception {
        String deep = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
                + "\"arguments\":{\"a\":" + "[".repeat(40) + "]".repeat(40) + "}}}";

        RawHttp.Response response = server.post(ALICE_TOKEN, session, deep).send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32700);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void answersMalformedJsonAndNonJsonRpcWithErrors() throws Exception {
        RawHttp.Response malformed =
                server.post(ALICE_TOKEN, session, "{\"jsonrpc\":").send(server.port);
        RawHttp.Response notJsonRpc = server.post(ALICE_TOKEN, session, "{\"id\":1,\"method\":\"ping\"}")
                .send(server.port);

        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.error()).containsEntry("code", -32700);
        assertThat(notJsonRpc.status()).isEqualTo(400);
        assertThat(notJsonRpc.error()).containsEntry("code", -32600);
        assertThat(notJsonRpc.json()).containsEntry("id", 1);
    }

    @Test
    void answersOtherMethodsOnTheEndpointWith405() throws Exception {
        RawHttp.Response response = RawHttp.request("PUT", "/mcp")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .send(server.port);

        assertThat(response.status()).isEqualTo(405);
        assertThat(response.header("Allow")).contains("POST");
    }

    @Test
    void acknowledgesNotificationsWith202() throws Exception {
        RawHttp.Response response = server.post(
                        ALICE_TOKEN, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}")
                .send(server.port);

        assertThat(response.status()).isEqualTo(202);
    }
}
