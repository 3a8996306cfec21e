package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Optional;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.transport.AccessGate;
import dev.switchboard.ports.call.Principal;

/**
 * Helidon's side of the shared {@link AccessGate} (mcp-bridge): hands it a request's {@code Host}, {@code Origin},
 * {@code Authorization} and query names, and writes its refusal (403, 400, or 401 with a {@code WWW-Authenticate}
 * challenge) as a JSON-RPC error body. An allowed {@code Origin} is echoed for CORS, never {@code *}. Every route
 * of this transport, {@code /mcp} and any other, passes it first. Thread-safe.
 */
final class RequestGate {

    private static final String EXPOSED_HEADERS = "Mcp-Session-Id, WWW-Authenticate";

    private final AccessGate gate;

    RequestGate(AccessGate gate) {
        this.gate = gate;
    }

    /**
     * Checks {@code Host} and {@code Origin}; answers 403 when either is refused.
     *
     * @return whether the request may go on
     */
    boolean checkOrigin(ServerRequest request, ServerResponse response) {
        return apply(gate.checkOrigin(facts(request)), response).isPresent();
    }

    /**
     * Checks {@code Host}, {@code Origin} and the caller's token.
     *
     * @return the caller, or empty when the request was refused (the refusal has been sent)
     */
    Optional<Principal> admit(ServerRequest request, ServerResponse response) {
        return apply(gate.admit(facts(request)), response).map(AccessGate.Admitted::caller);
    }

    private static Optional<AccessGate.Admitted> apply(AccessGate.Decision decision, ServerResponse response) {
        return switch (decision) {
            case AccessGate.Admitted admitted -> {
                admitted.allowedOrigin().ifPresent(origin -> {
                    response.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
                    response.header(HeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
                    response.header(McpHeaders.VARY, "Origin");
                });
                yield Optional.of(admitted);
            }
            case AccessGate.Refused refused -> {
                if (refused.challenge() != null) {
                    response.header(HeaderNames.WWW_AUTHENTICATE, refused.challenge());
                }
                Replies.error(response, Status.create(refused.status()), Replies.SERVER_ERROR, refused.message());
                yield Optional.empty();
            }
        };
    }

    private static AccessGate.Request facts(ServerRequest request) {
        return new AccessGate.Request(
                request.headers().all(HeaderNames.HOST, List::of),
                request.headers().all(HeaderNames.ORIGIN, List::of),
                request.headers().all(HeaderNames.AUTHORIZATION, List::of),
                request.query().names());
    }
}
