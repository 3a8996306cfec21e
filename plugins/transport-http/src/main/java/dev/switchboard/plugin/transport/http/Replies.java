package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;

/**
 * The answers the transport gives itself. Refusals carry a JSON-RPC error object (id null unless the request's id is
 * known), so that a client shows a useful message whatever the status. Bodies are written with the bridge's mapper.
 */
final class Replies {

    static final int PARSE_ERROR = JsonRpcErrors.PARSE_ERROR;
    static final int INVALID_REQUEST = JsonRpcErrors.INVALID_REQUEST;
    static final int INVALID_PARAMS = JsonRpcErrors.INVALID_PARAMS;
    static final int INTERNAL_ERROR = JsonRpcErrors.INTERNAL_ERROR;
    /** JSON-RPC's implementation-defined range: used for refusals at the HTTP level. */
    static final int SERVER_ERROR = JsonRpcErrors.SERVER_ERROR;

    /** The stable code in the {@code data} of an answer withheld because its credential died while it was held. */
    static final Map<String, String> REVOKED_DATA = Map.of("code", "FORBIDDEN");

    /** The message of such an answer (ADR 27). */
    static final String REVOKED = "Forbidden: this request's credential was rotated or revoked, or its channel"
            + " deleted, while its answer was held (or the store could not confirm it); nothing of the answer is sent."
            + " Ask again with a live credential";

    private Replies() {}

    /** Answers 403 with the JSON-RPC error of a withheld answer, for a request whose credential died while held. */
    static void revoked(ServerResponse response, Object id) {
        json(response, Status.FORBIDDEN_403, revokedBody(id));
    }

    /** @return the JSON-RPC error of a withheld answer, for the request {@code id} (null when it has none) */
    static Map<String, Object> revokedBody(Object id) {
        return JsonRpcErrors.error(id, SERVER_ERROR, REVOKED, REVOKED_DATA);
    }

    static void error(ServerResponse response, Status status, int code, String message) {
        error(response, status, null, code, message);
    }

    static void error(ServerResponse response, Status status, Object id, int code, String message) {
        json(response, status, JsonRpcErrors.error(id, code, message));
    }

    /** Writes {@code body} as JSON with the given status. */
    static void json(ServerResponse response, Status status, Object body) {
        byte[] bytes = jsonBytes(body);
        response.status(status);
        response.header(HeaderNames.CONTENT_TYPE, McpHeaders.APPLICATION_JSON);
        response.send(bytes);
    }

    /** @return {@code body} as JSON, with the bridge's mapper */
    static byte[] jsonBytes(Object body) {
        try {
            return McpServerAssembly.jsonMapper().writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException("could not encode a reply", e);
        }
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
