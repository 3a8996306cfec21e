package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * What a client trying the modern era (MCP 2026-07-28) gets over HTTP when its message is no request the modern
 * server takes: the modern era's own clear answer, never the legacy path's "unsupported
 * MCP-Protocol-Version '2026-07-28'"; a refusal that lists versions lists every one the server speaks; a cursor this
 * server never gave is "invalid cursor" in both eras.
 */
class HttpModernMisfitsTest {

    private static final String MODERN = "2026-07-28";
    private static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

    private static FakeTransportContext context;
    private static TestServer server;

    @BeforeAll
    static void start() {
        context = Callers.fake();
        server = TestServer.start(
                context.with(List.of("echo"), call -> ToolResult.text("echo")), TestServer.ANSWERS_AT_ONCE);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void malformedParamsOfAModernRequestAreInvalidParamsNamingWhatIsWrong() throws IOException {
        Map<String, String> bodies = Map.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":\"2026-07-28\"}",
                "takes an object as its params, not a string",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":\"x\"}}",
                "params._meta must be an object, not a string",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"" + VERSION_KEY
                        + "\":20260728}}}",
                "must be a string such as \"2026-07-28\", not a number");

        for (Map.Entry<String, String> body : bodies.entrySet()) {
            RawHttp.Response response = modernPost("tools/list", body.getKey()).send(server.port);

            assertThat(response.status()).as(body.getKey()).isEqualTo(400);
            assertThat(response.json()).containsEntry("id", 1);
            assertThat(response.error()).containsEntry("code", -32602);
            assertThat(String.valueOf(response.error().get("message")))
                    .as(body.getKey())
                    .startsWith("Invalid params: ")
                    .contains(body.getValue())
                    .doesNotContain("unsupported MCP-Protocol-Version");
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void aModernBatchIsInvalidRequestSayingTheEraHasNoBatches() throws IOException {
        String request = TestServer.modernRequest(1, "tools/list", "{}", MODERN);

        RawHttp.Response response =
                modernPost("tools/list", "[" + request + "]").send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json()).containsEntry("id", null);
        assertThat(response.error()).containsEntry("code", -32600);
        assertThat(String.valueOf(response.error().get("message")))
                .isEqualTo("Invalid Request: JSON-RPC batches are not part of protocol version 2026-07-28; send each"
                        + " request on its own");
    }

    @Test
    void aModernCancellationIsAcceptedAndAnUnknownModernNotificationIsRefused() throws IOException {
        RawHttp.Response cancelled = modernPost(
                        "notifications/cancelled",
                        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}}")
                .send(server.port);
        RawHttp.Response initialized = modernPost(
                        "notifications/initialized", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .send(server.port);

        assertThat(cancelled.status()).isEqualTo(202);
        assertThat(cancelled.body()).isEmpty();
        assertThat(initialized.status()).isEqualTo(400);
        assertThat(initialized.error()).containsEntry("code", -32601);
        assertThat(String.valueOf(initialized.error().get("message")))
                .contains("notifications/initialized is not a notification of protocol version 2026-07-28");
    }

    @Test
    void aRefusedProtocolVersionListsEveryVersionTheServerSpeaksModernFirst() throws IOException {
        RawHttp.Response response = server.post(ALICE_TOKEN, null, TestServer.initializeRequest(1))
                .header("MCP-Protocol-Version", "2099-01-01")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(String.valueOf(response.error().get("message")))
                .isEqualTo("Bad Request: unsupported MCP-Protocol-Version '2099-01-01'; this server speaks"
                        + " [2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05]");
    }

    @Test
    void aCursorTheServerNeverGaveIsAnInvalidCursorInBothEras() throws IOException {
        RawHttp.Response modern = TestServer.modern(ALICE_TOKEN, 1, "tools/list", "{\"cursor\":\"abc\"}", null)
                .send(server.port);
        String session = server.initialize(ALICE_TOKEN);
        RawHttp.Response legacy = server.post(
                        ALICE_TOKEN, session, TestServer.request(2, "prompts/list", "{\"cursor\":\"abc\"}"))
                .send(server.port);

        assertThat(modern.status()).isEqualTo(400);
        assertThat(modern.error()).containsEntry("code", -32602);
        assertThat(String.valueOf(modern.error().get("message"))).startsWith("Invalid params: invalid cursor");
        assertThat(legacy.messages().getFirst()).containsEntry("id", 2);
        Map<?, ?> legacyError = (Map<?, ?>) legacy.messages().getFirst().get("error");
        assertThat(legacyError.get("code")).isEqualTo(-32602);
        assertThat(String.valueOf(legacyError.get("message"))).startsWith("Invalid params: invalid cursor");
    }

    /** A POST carrying the modern era's headers with {@code body} as it is. */
    private static RawHttp modernPost(String method, String body) {
        return RawHttp.request("POST", "/mcp")
                .header("Accept", "application/json, text/event-stream")
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("MCP-Protocol-Version", MODERN)
                .header("Mcp-Method", method)
                .body(body);
    }
}
