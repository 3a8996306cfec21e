package dev.switchboard.plugin.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerAssembly;

class JsonRpcDecoderTest {

    private final McpJsonMapper mapper = McpServerAssembly.jsonMapper();
    private final JsonRpcDecoder decoder = new JsonRpcDecoder(mapper);

    @Test
    void decodesRequestsAndNotificationsAsTheSdkMapperDoes() throws Exception {
        for (String line : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"a\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"x-1\",\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":12345678901,\"method\":\"tools/list\",\"extra\":1}")) {
            Map<?, ?> tree = mapper.readValue(line, Map.class);

            assertThat(decoder.decode(line)).isEqualTo(new JsonRpcDecoder.Message(
                    mapper.convertValue(tree, McpSchema.JSONRPCRequest.class)));
        }
        String notification =
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}";
        assertThat(decoder.decode(notification)).isEqualTo(new JsonRpcDecoder.Message(
                mapper.convertValue(mapper.readValue(notification, Map.class), McpSchema.JSONRPCNotification.class)));
    }

    @Test
    void refusesRequestsWithAnUnusableIdOrVersionEchoingOnlyUsableIds() {
        assertThat(decoder.decode("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}"))
                .isInstanceOfSatisfying(JsonRpcDecoder.Rejected.class, r -> assertThat(r.reply())
                        .containsEntry("id", null));
        assertThat(decoder.decode("{\"jsonrpc\":\"\",\"id\":3,\"method\":\"ping\"}"))
                .isInstanceOfSatisfying(JsonRpcDecoder.Rejected.class, r -> assertThat(r.reply())
                        .containsEntry("id", 3));
        assertThat(decoder.decode("{\"jsonrpc\":{},\"id\":4,\"method\":\"ping\"}"))
                .isInstanceOf(JsonRpcDecoder.Rejected.class);
    }

    @Test
    void refusesAnyVersionButTwoPointZeroAndIgnoresSuchResponses() {
        for (String version : new String[] {"\"1.0\"", "2.0", "\"2.00\""}) {
            assertThat(decoder.decode("{\"jsonrpc\":" + version + ",\"id\":7,\"method\":\"ping\"}")).as(version)
                    .isInstanceOfSatisfying(JsonRpcDecoder.Rejected.class, r -> assertThat(r.reply())
                            .containsEntry("id", 7));
        }
        assertThat(decoder.decode("{\"jsonrpc\":\"1.0\",\"method\":\"notifications/initialized\"}"))
                .isInstanceOf(JsonRpcDecoder.Rejected.class);
        assertThat(decoder.decode("{\"jsonrpc\":\"1.0\",\"id\":8,\"result\":{}}"))
                .isInstanceOf(JsonRpcDecoder.Ignored.class);
    }

    @Test
    void aLineThatIsNoObjectIsAnInvalidRequestThatMentionsBatchesOnlyForAnArray() {
        assertThat(decoder.decode("[]")).isInstanceOfSatisfying(JsonRpcDecoder.Rejected.class,
                r -> assertThat(r.reply().toString()).contains("batches are not supported"));
        for (String line : List.of("null", "42", "\"ping\"")) {
            assertThat(decoder.decode(line)).isInstanceOfSatisfying(JsonRpcDecoder.Rejected.class,
                    r -> assertThat(r.reply().toString()).contains("expected one JSON-RPC object per line")
                            .doesNotContain("batch"));
        }
    }
}
