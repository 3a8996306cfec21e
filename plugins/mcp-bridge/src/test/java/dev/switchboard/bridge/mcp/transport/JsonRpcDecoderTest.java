package dev.switchboard.bridge.mcp.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/** The one JSON-RPC decoder both transports use: every malformed message gets its error class, and only that one. */
class JsonRpcDecoderTest {

    private final McpJsonMapper mapper = McpServerAssembly.jsonMapper();
    private final JsonRpcDecoder decoder = new JsonRpcDecoder(8, 3);

    @Test
    void decodesRequestsNotificationsAndResponsesAsTheSdkMapperDoes() throws Exception {
        for (String json : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"a\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"x-1\",\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":12345678901,\"method\":\"tools/list\",\"extra\":1}")) {
            assertThat(decode(json))
                    .isEqualTo(new JsonRpcDecoder.Single(
                            mapper.convertValue(mapper.readValue(json, Map.class), McpSchema.JSONRPCRequest.class)));
        }
        String notification =
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}";
        assertThat(decode(notification))
                .isEqualTo(new JsonRpcDecoder.Single(mapper.convertValue(
                        mapper.readValue(notification, Map.class), McpSchema.JSONRPCNotification.class)));
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}"))
                .isInstanceOfSatisfying(
                        JsonRpcDecoder.Single.class,
                        single -> assertThat(single.message()).isInstanceOf(McpSchema.JSONRPCResponse.class));
    }

    @Test
    void aDuplicateKeyIsAParseErrorSoASecondMethodNeverRuns() {
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"method\":\"tools/call\"}"))
                .isEqualTo(new JsonRpcDecoder.Invalid(
                        null, JsonRpcErrors.PARSE_ERROR, "Parse error: an object has a duplicate key", false));
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\",\"params\":{\"a\":1,\"a\":2}}"))
                .extracting("code")
                .isEqualTo(JsonRpcErrors.PARSE_ERROR);
    }

    @Test
    void invalidUtf8IsAParseErrorNeverReplacedCharacters() {
        byte[] prefix = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"".getBytes(StandardCharsets.US_ASCII);
        for (byte[] bad : List.of(
                new byte[] {(byte) 0xFF},
                new byte[] {(byte) 0xC0, (byte) 0xAF},
                new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                new byte[] {(byte) 0xE2, (byte) 0x82})) {
            byte[] message = new byte[prefix.length + bad.length + 2];
            System.arraycopy(prefix, 0, message, 0, prefix.length);
            System.arraycopy(bad, 0, message, prefix.length, bad.length);
            message[message.length - 2] = '"';
            message[message.length - 1] = '}';

            assertThat(decoder.decode(message))
                    .isEqualTo(new JsonRpcDecoder.Invalid(
                            null, JsonRpcErrors.PARSE_ERROR, "Parse error: the message is not valid UTF-8", false));
        }
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":\"é€😀\",\"method\":\"ping\"}"))
                .isInstanceOf(JsonRpcDecoder.Single.class);
    }

    @Test
    void malformedJsonAndDeepNestingAreParseErrors() {
        assertThat(decode("{\"jsonrpc\":")).extracting("code").isEqualTo(JsonRpcErrors.PARSE_ERROR);
        assertThat(decode("[[[[[[[[[[1]]]]]]]]]]"))
                .extracting("code", "message")
                .containsExactly(JsonRpcErrors.PARSE_ERROR, "Parse error: JSON nested deeper than 8 levels");
    }

    @Test
    void refusesUnusableIdsAndVersionsEchoingOnlyUsableIds() {
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}"))
                .extracting("id", "code", "message")
                .containsExactly(
                        null,
                        JsonRpcErrors.INVALID_REQUEST,
                        "Invalid Request: needs \"jsonrpc\": \"2.0\", a string \"method\" and an \"id\" that is a string"
                                + " or an integer");
        // an integer past 64 bits is told so, not that it is no integer
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":18446744073709551618,\"method\":\"ping\"}"))
                .extracting("id", "code", "message")
                .containsExactly(
                        null,
                        JsonRpcErrors.INVALID_REQUEST,
                        "Invalid Request: an integer \"id\" must fit in 64 bits, from -9223372036854775808 to"
                                + " 9223372036854775807 (a larger one can be sent as a string)");
        for (String version : List.of("\"1.0\"", "2.0", "\"2.00\"", "{}")) {
            assertThat(decode("{\"jsonrpc\":" + version + ",\"id\":3,\"method\":\"ping\"}"))
                    .as(version)
                    .extracting("id", "code")
                    .containsExactly(3, JsonRpcErrors.INVALID_REQUEST);
        }
        assertThat(decode("{\"jsonrpc\":\"2.0\",\"id\":4}"))
                .extracting("id", "code")
                .containsExactly(4, JsonRpcErrors.INVALID_REQUEST);
    }

    @Test
    void malformedResponsesAreInvalidAndMarkedAsResponses() {
        for (String json : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":\"x\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":{}}",
                "{\"jsonrpc\":\"1.0\",\"id\":8,\"result\":{}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"x\",\"message\":[]}}")) {
            assertThat(decode(json)).as(json).isInstanceOfSatisfying(JsonRpcDecoder.Invalid.class, invalid -> {
                assertThat(invalid.code()).isEqualTo(JsonRpcErrors.INVALID_REQUEST);
                assertThat(invalid.response()).isTrue();
            });
        }
    }

    @Test
    void batchesAreDecodedUpToTheLimitAndRefusedWholeBeyondIt() {
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}";
        assertThat(decode("[" + ping.formatted(1) + "," + ping.formatted(2) + "]"))
                .isInstanceOfSatisfying(
                        JsonRpcDecoder.Batch.class,
                        batch -> assertThat(batch.messages()).hasSize(2));
        assertThat(decode("["
                        + String.join(",", ping.formatted(1), ping.formatted(2), ping.formatted(3), ping.formatted(4))
                        + "]"))
                .extracting("code", "message")
                .containsExactly(
                        JsonRpcErrors.INVALID_REQUEST,
                        "Invalid Request: a batch carries at most 3 messages; this one has 4");
        assertThat(decode("[]")).extracting("code").isEqualTo(JsonRpcErrors.INVALID_REQUEST);
        assertThat(decode("[1]")).extracting("code").isEqualTo(JsonRpcErrors.INVALID_REQUEST);
        for (String json : List.of("null", "42", "\"ping\"")) {
            assertThat(decode(json)).as(json).extracting("code").isEqualTo(JsonRpcErrors.INVALID_REQUEST);
        }
    }

    private JsonRpcDecoder.Decoded decode(String json) {
        return decoder.decode(json.getBytes(StandardCharsets.UTF_8));
    }
}
