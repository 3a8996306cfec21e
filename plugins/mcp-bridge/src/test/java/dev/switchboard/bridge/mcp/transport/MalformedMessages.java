package dev.switchboard.bridge.mcp.transport;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/**
 * A seeded generator of malformed JSON-RPC messages, each with the one error code a correct server answers it with,
 * for the transports' fuzz tests (published in this module's test jar). Every message carries an id where its shape
 * lets a server read one, so answers can be matched; none is a notification or a response, which get no answer.
 */
public final class MalformedMessages {

    /** A message and the error code it must get. */
    public record Case(String kind, byte[] bytes, int expectedCode) {
        @Override
        public String toString() {
            return kind + ": " + new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static final List<String> VALID = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/list\",\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"ping\"}");
    private static final List<String> BAD_PARAMS = List.of(
            "\"tools/call\",\"params\":\"x\"",
            "\"tools/call\",\"params\":[1,2]",
            "\"tools/call\",\"params\":7",
            "\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":\"x\"}",
            "\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":[1]}",
            "\"tools/call\",\"params\":{\"name\":\"no_such_tool_%d\",\"arguments\":{}}",
            "\"tools/call\",\"params\":{\"name\":12}",
            "\"tools/call\"",
            "\"resources/read\",\"params\":{\"uri\":{}}",
            "\"resources/read\"",
            "\"prompts/get\",\"params\":\"x\"",
            "\"logging/setLevel\",\"params\":{\"level\":\"loud\"}",
            "\"logging/setLevel\",\"params\":{}",
            "\"logging/setLevel\",\"params\":\"debug\"",
            "\"tools/list\",\"params\":\"x\"",
            "\"tools/list\",\"params\":{\"cursor\":%d}",
            "\"resources/list\",\"params\":[1]",
            "\"resources/read\",\"params\":{}",
            "\"prompts/list\",\"params\":7",
            "\"ping\",\"params\":[%d]");
    private static final List<String> BAD_SHAPES = List.of(
            "{\"jsonrpc\":\"1.0\",\"id\":%d,\"method\":\"ping\"}",
            "{\"jsonrpc\":2.0,\"id\":%d,\"method\":\"ping\"}",
            "{\"id\":%d,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":%d}",
            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":7}",
            "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.%d,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":[%d],\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{\"n\":%d},\"method\":\"ping\"}",
            "%d",
            "\"text %d\"",
            "null",
            "true",
            "[]",
            "[%d]");

    private final Random random;

    /** @param seed the same seed gives the same cases */
    public MalformedMessages(long seed) {
        this.random = new Random(seed);
    }

    /** @param id the id to put where the shape allows one */
    public Case next(int id) {
        return switch (random.nextInt(6)) {
            case 0 -> truncated(id);
            case 1 -> badUtf8(id);
            case 2 -> duplicateKey(id);
            case 3 ->
                new Case(
                        "bad params",
                        bytes("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":"
                                + pick(BAD_PARAMS).formatted(id) + "}"),
                        JsonRpcErrors.INVALID_PARAMS);
            case 4 -> new Case("bad shape", bytes(pick(BAD_SHAPES).formatted(id)), JsonRpcErrors.INVALID_REQUEST);
            default ->
                new Case(
                        "unknown method",
                        bytes("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"no/such_" + random.nextInt(1000)
                                + "\",\"params\":{}}"),
                        JsonRpcErrors.METHOD_NOT_FOUND);
        };
    }

    private Case truncated(int id) {
        String valid = pick(VALID).formatted(id);
        String cut = valid.substring(0, 1 + random.nextInt(valid.length() - 1));
        return new Case("truncated", bytes(cut.isBlank() ? "{" : cut), JsonRpcErrors.PARSE_ERROR);
    }

    private Case badUtf8(int id) {
        byte[] valid = bytes(pick(VALID).formatted(id));
        byte[][] bad = {
            {(byte) 0xFF},
            {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xED, (byte) 0xB0, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x28, (byte) 0xA1},
            {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80}
        };
        byte[] insert = bad[random.nextInt(bad.length)];
        int at = 1 + random.nextInt(valid.length - 1);
        byte[] out = new byte[valid.length + insert.length];
        System.arraycopy(valid, 0, out, 0, at);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(valid, at, out, at + insert.length, valid.length - at);
        return new Case("invalid UTF-8", out, JsonRpcErrors.PARSE_ERROR);
    }

    private Case duplicateKey(int id) {
        String key = pick(List.of("jsonrpc", "method", "id", "params"));
        String value = switch (key) {
            case "jsonrpc" -> "\"2.0\"";
            case "method" -> "\"tools/call\"";
            case "id" -> String.valueOf(id);
            default -> "{}";
        };
        return new Case(
                "duplicate key",
                bytes("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"," + "\"params\":{}," + "\""
                        + key + "\":" + value + "}"),
                JsonRpcErrors.PARSE_ERROR);
    }

    private String pick(List<String> options) {
        return options.get(random.nextInt(options.size()));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
