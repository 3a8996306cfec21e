package dev.switchboard.plugin.transport.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.bridge.mcp.transport.BearerAuthentication;
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

    /** The {@code data} of a 503 whose credential could not be checked (a storage outage). */
    static final Map<String, Object> UNAVAILABLE_DATA = Map.of("code", "UNAVAILABLE", "retryable", true);

    /** The {@code data} of a 403: a valid credential that may not do this. */
    static final Map<String, Object> FORBIDDEN_DATA = Map.of("code", "FORBIDDEN");

    private Replies() {}

    /**
     * Answers the JSON-RPC error of an answer withheld for {@code why} (ADR 27) with its status (and
     * {@code Retry-After} for {@link Withheld#UNAVAILABLE}), for a request whose credential failed its second lookup.
     */
    static void withheld(ServerResponse response, Withheld why, Object id) {
        if (why.retryAfter() != null) {
            response.header(HeaderNames.RETRY_AFTER, why.retryAfter());
        }
        json(response, why.status(), why.body(id));
    }

    /**
     * Answers 503 with {@code Retry-After} and a JSON-RPC error whose {@code data.code} is {@code UNAVAILABLE}: the
     * request's credential could not be checked, or its endpoint's store could not answer.
     */
    static void unavailable(ServerResponse response, String message) {
        response.header(HeaderNames.RETRY_AFTER, Integer.toString(BearerAuthentication.RETRY_AFTER_SECONDS));
        json(
                response,
                Status.SERVICE_UNAVAILABLE_503,
                JsonRpcErrors.error(null, SERVER_ERROR, message, UNAVAILABLE_DATA));
    }

    /** Answers 403 and a JSON-RPC error whose {@code data.code} is {@code FORBIDDEN}. */
    static void forbidden(ServerResponse response, String message) {
        json(response, Status.FORBIDDEN_403, JsonRpcErrors.error(null, SERVER_ERROR, message, FORBIDDEN_DATA));
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
