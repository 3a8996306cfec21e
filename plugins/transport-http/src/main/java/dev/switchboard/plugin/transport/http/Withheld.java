package dev.switchboard.plugin.transport.http;

import java.util.Map;

import io.helidon.http.Status;

import dev.switchboard.bridge.mcp.transport.BearerAuthentication;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;

/**
 * Why an answer held past {@code credential-recheck-ms} was not written (ADR 27): its credential is gone, or the
 * credential store could not say. Each is a JSON-RPC error {@code -32000} with a stable {@code data.code}, answered
 * with its HTTP status when nothing was sent yet (503 with {@code Retry-After} for {@link #UNAVAILABLE}).
 */
enum Withheld {
    /** The credential was rotated or revoked, or its channel deleted, while the answer was held: 403 FORBIDDEN. */
    REVOKED(
            Status.FORBIDDEN_403,
            "Forbidden: this request's credential was rotated or revoked, or its channel deleted, while its answer was"
                    + " held; nothing of the answer is sent. Ask again with a live credential",
            Replies.FORBIDDEN_DATA),
    /**
     * The credential store could not be asked (a storage outage): the credential was not refused, but the answer
     * cannot be written for a credential nobody confirmed. 503 UNAVAILABLE, retryable.
     */
    UNAVAILABLE(
            Status.SERVICE_UNAVAILABLE_503,
            "Service Unavailable: this request's credential could not be checked again before its answer was written,"
                    + " because the credential store is unreachable (the credential was not refused); nothing of the"
                    + " answer is sent. Retry in a moment: a call with a request key that was already carried out"
                    + " answers its outcome again",
            Replies.UNAVAILABLE_DATA);

    private final Status status;
    private final String message;
    private final Map<String, Object> data;

    Withheld(Status status, String message, Map<String, Object> data) {
        this.status = status;
        this.message = message;
        this.data = data;
    }

    /** @return the HTTP status of the answer when nothing was sent yet */
    Status status() {
        return status;
    }

    /** @return the error's message */
    String message() {
        return message;
    }

    /** @return the JSON-RPC error for the request {@code id} (null when it has none) */
    Map<String, Object> body(Object id) {
        return JsonRpcErrors.error(id, Replies.SERVER_ERROR, message, data);
    }

    /** @return the {@code Retry-After} to send with the status, in seconds, or null */
    String retryAfter() {
        return this == UNAVAILABLE ? Integer.toString(BearerAuthentication.RETRY_AFTER_SECONDS) : null;
    }
}
