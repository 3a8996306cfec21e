package dev.switchboard.testkit.distribution;

import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON-RPC messages for the raw stdio tests, written and read with one shared mapper. Thread-safe. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.shared();

    private Json() {}

    /**
     * @param id     the request id
     * @param method the method
     * @param params the params object, or null to leave {@code params} out
     * @return the request as one line of JSON
     */
    public static String request(long id, String method, Map<String, Object> params) {
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("method", method);
        if (params != null) {
            message.put("params", params);
        }
        return MAPPER.writeValueAsString(message);
    }

    /**
     * @param id        the request id
     * @param tool      the tool's name
     * @param arguments its arguments
     * @return a {@code tools/call} request as one line of JSON
     */
    public static String toolCall(long id, String tool, Map<String, Object> arguments) {
        return request(id, "tools/call", Map.of("name", tool, "arguments", arguments));
    }

    /** @return an {@code initialize} request for protocol 2025-11-25, as one line of JSON */
    public static String initialize(long id) {
        return request(
                id,
                "initialize",
                Map.of(
                        "protocolVersion",
                        "2025-11-25",
                        "capabilities",
                        Map.of(),
                        "clientInfo",
                        Map.of("name", "switchboard-e2e-raw", "version", "1.0.0")));
    }

    /** @return the {@code notifications/initialized} notification, as one line of JSON */
    public static String initialized() {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    }

    /**
     * @param json JSON text (as bytes, decoded by the parser as UTF-8)
     * @return the parsed tree
     * @throws tools.jackson.core.JacksonException if the text is not JSON
     */
    public static JsonNode parse(byte[] json) {
        return MAPPER.readTree(json);
    }
}
