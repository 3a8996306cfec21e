package dev.switchboard.bridge.mcp.transport;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JSON-RPC 2.0 error codes and the error answers a transport gives itself, as JSON objects of JDK types (the SDK's
 * response record cannot carry the null id a parse error needs, JSON-RPC 2.0 section 5).
 */
public final class JsonRpcErrors {

    /** The JSON could not be parsed (malformed, invalid UTF-8, a duplicate key, nested too deep). */
    public static final int PARSE_ERROR = -32_700;
    /** Valid JSON that is not an acceptable JSON-RPC message. */
    public static final int INVALID_REQUEST = -32_600;
    /** The method does not exist. */
    public static final int METHOD_NOT_FOUND = -32_601;
    /** The params do not fit the method. */
    public static final int INVALID_PARAMS = -32_602;
    /** A defect of the server. */
    public static final int INTERNAL_ERROR = -32_603;
    /** JSON-RPC's implementation-defined range: refusals at the transport level (HTTP status, shutdown). */
    public static final int SERVER_ERROR = -32_000;

    private JsonRpcErrors() {}

    /**
     * @param id      the request's id, or null when it could not be read
     * @param code    one of the codes above
     * @param message what is wrong, for the client
     * @return {@code {"jsonrpc":"2.0","id":id,"error":{"code":code,"message":message}}}, keys in that order
     */
    public static Map<String, Object> error(Object id, int code, String message) {
        return error(id, code, message, null);
    }

    /**
     * @param id      the request's id, or null when it could not be read
     * @param code    one of the codes above
     * @param message what is wrong, for the client
     * @param data    the error's {@code data} member, or null for none
     * @return {@code {"jsonrpc":"2.0","id":id,"error":{"code":code,"message":message,"data":data}}}, keys in that
     *     order
     */
    public static Map<String, Object> error(Object id, int code, String message, Object data) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        if (data != null) {
            error.put("data", data);
        }
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("jsonrpc", "2.0");
        reply.put("id", id);
        reply.put("error", error);
        return reply;
    }

    /** @return {@code {"jsonrpc":"2.0","id":id,"result":result}} */
    public static Map<String, Object> result(Object id, Object result) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("jsonrpc", "2.0");
        reply.put("id", id);
        reply.put("result", result);
        return reply;
    }
}
