package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.Optional;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.ports.call.Principal;

/**
 * The checks every request passes before anything else looks at it: {@code Host} and {@code Origin} against the
 * allowlists (403), then the bearer token (400 for a token in the URL, 401 with a {@code WWW-Authenticate: Bearer}
 * challenge for a missing or wrong one). An allowed {@code Origin} is echoed for CORS, never {@code *}. Thread-safe.
 */
final class RequestGate {

    private static final String EXPOSED_HEADERS = "Mcp-Session-Id, WWW-Authenticate";

    private final OriginPolicy origins;
    private final BearerAuthentication authentication;

    RequestGate(OriginPolicy origins, BearerAuthentication authentication) {
        this.origins = origins;
        this.authentication = authentication;
    }

    /**
     * Checks {@code Host} and {@code Origin}; answers 403 when either is refused.
     *
     * @return whether the request may go on
     */
    boolean checkOrigin(ServerRequest request, ServerResponse response) {
        List<String> originHeader = request.headers().all(HeaderNames.ORIGIN, List::of);
        OriginPolicy.Verdict verdict = origins.check(request.headers().all(HeaderNames.HOST, List::of), originHeader);
        switch (verdict) {
            case HOST_REFUSED -> Replies.error(response, Status.FORBIDDEN_403, Replies.SERVER_ERROR,
                    "Forbidden: the Host header names a host this server does not answer for");
            case ORIGIN_REFUSED -> Replies.error(response, Status.FORBIDDEN_403, Replies.SERVER_ERROR,
                    "Forbidden: requests from this Origin are not allowed");
            case ALLOWED -> {
                if (!originHeader.isEmpty()) {
                    response.header(HeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, originHeader.getFirst().strip());
                    response.header(HeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
                    response.header(McpHeaders.VARY, "Origin");
                }
            }
        }
        return verdict == OriginPolicy.Verdict.ALLOWED;
    }

    /**
     * Checks {@code Host}, {@code Origin} and the caller's token.
     *
     * @return the caller, or empty when the request was refused (the refusal has been sent)
     */
    Optional<Principal> admit(ServerRequest request, ServerResponse response) {
        if (!checkOrigin(request, response)) {
            return Optional.empty();
        }
        BearerAuthentication.Outcome outcome = authentication.authenticate(
                request.headers().all(HeaderNames.AUTHORIZATION, List::of), request.query().names());
        return switch (outcome) {
            case BearerAuthentication.Authenticated authenticated -> Optional.of(authenticated.principal());
            case BearerAuthentication.Refused refused -> {
                response.header(HeaderNames.WWW_AUTHENTICATE, refused.challenge());
                Replies.error(response, refused.badRequest() ? Status.BAD_REQUEST_400 : Status.UNAUTHORIZED_401,
                        Replies.SERVER_ERROR, refused.message());
                yield Optional.empty();
            }
        };
    }
}
