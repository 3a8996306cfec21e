package dev.switchboard.plugin.transport.stdio;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answers the transport gives itself, as JSON objects: the SDK's response record cannot carry the null id a
 * parse error needs (JSON-RPC 2.0, section 5).
 */
final class JsonRpcReplies {

    /** The only protocol version a message may carry in {@code jsonrpc}. */
    static final String VERSION = "2.0";
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;

    private JsonRpcReplies() {
    }

    /** @param id the request's id, or null when it could not be read */
    static Map<String, Object> error(Object id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("jsonrpc", VERSION);
        reply.put("id", id);
        reply.put("error", error);
        return reply;
    }

    static Map<String, Object> result(Object id, Object result) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("jsonrpc", VERSION);
        reply.put("id", id);
        reply.put("result", result);
        return reply;
    }
}
