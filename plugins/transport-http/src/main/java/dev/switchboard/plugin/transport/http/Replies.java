package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.McpServerAssembly;

/**
 * The answers the transport gives itself. Refusals carry a JSON-RPC error object (id null unless the request's id is
 * known), so that a client shows a useful message whatever the status. Bodies are written with the bridge's mapper.
 */
final class Replies {

    static final int PARSE_ERROR = -32_700;
    static final int INVALID_REQUEST = -32_600;
    static final int INVALID_PARAMS = -32_602;
    static final int INTERNAL_ERROR = -32_603;
    /** JSON-RPC's implementation-defined range: used for refusals at the HTTP level. */
    static final int SERVER_ERROR = -32_000;

    private Replies() {
    }

    static void error(ServerResponse response, Status status, int code, String message) {
        error(response, status, null, code, message);
    }

    static void error(ServerResponse response, Status status, Object id, int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("jsonrpc", "2.0");
        body.put("id", id);
        body.put("error", error);
        json(response, status, body);
    }

    /** Writes {@code body} as JSON with the given status. */
    static void json(ServerResponse response, Status status, Object body) {
        byte[] bytes;
        try {
            bytes = McpServerAssembly.jsonMapper().writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException("could not encode a reply", e);
        }
        response.status(status);
        response.header(HeaderNames.CONTENT_TYPE, McpHeaders.APPLICATION_JSON);
        response.send(bytes);
    }

    static void text(ServerResponse response, Status status, String text) {
        response.status(status);
        response.header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.send(text.getBytes(StandardCharsets.UTF_8));
    }

    static void empty(ServerResponse response, Status status) {
        response.status(status);
        response.send();
    }
}
