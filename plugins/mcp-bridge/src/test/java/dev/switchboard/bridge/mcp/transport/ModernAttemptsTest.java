package dev.switchboard.bridge.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.ModernServerHandle;

/**
 * A message that tries the modern era (MCP 2026-07-28) without being a request its server takes is answered as the
 * modern era would, never left to the legacy path: malformed params -32602 naming what is wrong, a notification 202
 * or -32601, a response or a batch -32600; a message that does not try the era is left alone.
 */
class ModernAttemptsTest {

    private static final String MODERN = "2026-07-28";
    private static final String KEY = "io.modelcontextprotocol/protocolVersion";

    @Test
    void aRequestWithTheModernHeaderAndParamsThatAreNoObjectIsInvalidParams() {
        Map<String, Object> error = refusal(request(1, "a string"), MODERN, -32_602);

        assertThat(error.get("message"))
                .isEqualTo("Invalid params: a request of protocol version 2026-07-28 takes an object as its params,"
                        + " not a string");
    }

    @Test
    void aRequestWithTheModernHeaderAndAMetaThatIsNoObjectIsInvalidParams() {
        Map<String, Object> error = refusal(request(2, Map.of("_meta", "2026-07-28")), MODERN, -32_602);

        assertThat(error.get("message")).isEqualTo("Invalid params: params._meta must be an object, not a string");
    }

    @Test
    void aRequestWithTheModernHeaderAndNoVersionInItsMetaIsInvalidParams() {
        assertThat(refusal(request(3, Map.of()), MODERN, -32_602).get("message"))
                .asString()
                .contains("carries its version in params._meta[\"" + KEY + "\"]", "params._meta is missing");
        assertThat(refusal(request(4, Map.of("_meta", Map.of())), MODERN, -32_602)
                        .get("message"))
                .asString()
                .endsWith("; it is missing");
    }

    @Test
    void aNumericVersionInMetaIsInvalidParamsWithOrWithoutAHeader() {
        McpSchema.JSONRPCRequest numeric = request(5, Map.of("_meta", Map.of(KEY, 20260728)));

        for (String header : new String[] {MODERN, null, "2025-11-25"}) {
            assertThat(refusal(numeric, header, -32_602).get("message"))
                    .isEqualTo("Invalid params: params._meta[\"" + KEY + "\"] must be a string such as"
                            + " \"2026-07-28\", not a number");
        }
    }

    @Test
    void theRefusalOfARequestCarriesItsIdAndIsHttp400() {
        ModernServerHandle.Answer answer =
                ModernAttempts.answer(request("r-9", "x"), MODERN).orElseThrow();

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body())
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("id", "r-9");
    }

    @Test
    void aModernCancellationIsAcceptedAndAnyOtherModernNotificationIsMethodNotFound() {
        Map<String, Object> params = Map.of("requestId", 7, "_meta", Map.of(KEY, MODERN));

        assertThat(ModernAttempts.answer(notification("notifications/cancelled", params), null))
                .hasValue(ModernAttempts.ACCEPTED);
        assertThat(ModernAttempts.answer(notification("notifications/cancelled", null), MODERN))
                .hasValue(ModernAttempts.ACCEPTED);
        ModernServerHandle.Answer other = ModernAttempts.answer(notification("notifications/initialized", null), MODERN)
                .orElseThrow();
        assertThat(other.status()).isEqualTo(400);
        Map<String, Object> body = map(other.body());
        assertThat(body).containsEntry("id", null);
        assertThat(map(body.get("error")))
                .containsEntry("code", -32_601)
                .extractingByKey("message")
                .asString()
                .contains("notifications/initialized is not a notification of protocol version 2026-07-28");
    }

    @Test
    void aResponseUnderTheModernHeaderIsInvalidRequest() {
        Map<String, Object> error =
                refusal(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 1, Map.of(), null), MODERN, -32_600);

        assertThat(error.get("message")).asString().contains("sends the client no request to answer");
    }

    @Test
    void aBatchThatTriesTheModernEraIsRefusedAsNoPartOfIt() {
        List<McpSchema.JSONRPCMessage> claiming =
                List.of(request(1, Map.of("_meta", Map.of(KEY, MODERN))), request(2, Map.of()));
        List<McpSchema.JSONRPCMessage> legacy = List.of(request(1, Map.of()), notification("notifications/x", null));

        assertThat(ModernAttempts.batchRefusal(claiming, null))
                .hasValue("Invalid Request: JSON-RPC batches are not part of protocol version 2026-07-28; send each"
                        + " request on its own");
        assertThat(ModernAttempts.batchRefusal(legacy, MODERN)).isPresent();
        assertThat(ModernAttempts.batchRefusal(legacy, null)).isEmpty();
        assertThat(ModernAttempts.batchRefusal(legacy, "2025-03-26")).isEmpty();
    }

    @Test
    void aMessageThatDoesNotTryTheModernEraIsLeftToTheLegacyPath() {
        Map<String, Object> nullMeta = new HashMap<>();
        nullMeta.put("_meta", null);

        assertThat(ModernAttempts.answer(request(1, "a string"), null)).isEmpty();
        assertThat(ModernAttempts.answer(request(1, Map.of("_meta", "x")), "2025-11-25"))
                .isEmpty();
        assertThat(ModernAttempts.answer(request(1, nullMeta), null)).isEmpty();
        assertThat(ModernAttempts.answer(notification("notifications/initialized", null), null))
                .isEmpty();
        assertThat(ModernAttempts.answer(
                        new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 1, Map.of(), null), "2025-11-25"))
                .isEmpty();
    }

    private static Map<String, Object> refusal(McpSchema.JSONRPCMessage message, String header, int code) {
        ModernServerHandle.Answer answer =
                ModernAttempts.answer(message, header).orElseThrow();
        assertThat(answer.status()).isEqualTo(400);
        Map<String, Object> error = map(map(answer.body()).get("error"));
        assertThat(error).containsEntry("code", code);
        return error;
    }

    private static McpSchema.JSONRPCRequest request(Object id, Object params) {
        return new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, "tools/list", id, params);
    }

    private static McpSchema.JSONRPCNotification notification(String method, Object params) {
        return new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, method, params);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        assertThat(value).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }
}
