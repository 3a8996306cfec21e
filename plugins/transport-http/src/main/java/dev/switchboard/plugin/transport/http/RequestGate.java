package dev.switchboard.plugin.transport.http;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.transport.AccessGate;
import dev.switchboard.ports.call.Principal;

/**
 * Helidon's side of the shared {@link AccessGate} (mcp-bridge): hands it a request's {@code Host}, {@code Origin},
 * {@code Authorization} and query names, and writes its refusal (403, 400, 401 with a {@code WWW-Authenticate}
 * challenge, or 503 with {@code Retry-After} and {@code data.code} {@code UNAVAILABLE} for a credential the store
 * could not check: never an authentication failure, and never spending the peer's failure bucket) as a JSON-RPC
 * error body. An allowed {@code Origin} is echoed for CORS, never {@code *}. Every route
 * of this transport, {@code /mcp} and any other, passes it first. {@link #admit} also applies the
 * {@link RateLimits}: a refused credential from a peer that presented too many of them, or a credential spent faster
 * than its bucket allows, gets 429 with {@code Retry-After} (whole seconds, rounded up) and a JSON-RPC error body (a
 * credential that verifies is never refused for the failures of others at the same address; the 429 of a credential
 * over its own limit names the request's id where the route reads it, {@link #admit(ServerRequest, ServerResponse,
 * Refusal)});
 * {@link #checkOrigin} is never limited (health probes, preflights). Thread-safe.
 */
final class RequestGate {

    private static final String EXPOSED_HEADERS = "Mcp-Session-Id, WWW-Authenticate";

    /**
     * Writes a refusal as a JSON-RPC error body: the request's id, where the route can read it, or null.
     */
    @FunctionalInterface
    interface Refusal {

        /** Writes the refusal on {@code response}; it may end the connection (by throwing, as a body refusal does). */
        void send(ServerResponse response, Status status, int code, String message);
    }

    /** A refusal with a null id, for a route whose request has no id (or one it does not read). */
    static final Refusal WITHOUT_ID =
            (response, status, code, message) -> Replies.error(response, status, code, message);

    private final AccessGate gate;
    private final RateLimits limits;
    private final Duration recheckAfter;

    /**
     * @param recheckAfter how long an admitted request's credential counts as confirmed ({@link #lease})
     */
    RequestGate(AccessGate gate, RateLimits limits, Duration recheckAfter) {
        this.gate = gate;
        this.limits = limits;
        this.recheckAfter = recheckAfter;
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
     * Checks {@code Host}, {@code Origin} and the caller's token; every refusal carries a null id.
     *
     * @return the caller, or empty when the request was refused (the refusal has been sent)
     */
    Optional<Principal> admit(ServerRequest request, ServerResponse response) {
        return admit(request, response, WITHOUT_ID);
    }

    /**
     * Like {@link #admit(ServerRequest, ServerResponse)}, answering a credential that verifies but is over its rate
     * limit (429) through {@code overRate}, which may read the request's body to name its id. The other refusals
     * read no body: a caller that is not admitted never has its body read.
     *
     * @return the caller, or empty when the request was refused (the refusal has been sent)
     */
    Optional<Principal> admit(ServerRequest request, ServerResponse response, Refusal overRate) {
        AccessGate.Request facts = facts(request);
        AccessGate.Decision origin = gate.checkOrigin(facts);
        if (origin instanceof AccessGate.Refused) {
            return apply(origin, response).map(AccessGate.Admitted::caller);
        }
        String peer = peer(request);
        // The credential is judged first: one that verifies is never refused for other clients' failures from the
        // same address (behind a proxy, every client's). Only a refused one meets the peer's failure bucket.
        AccessGate.Decision decision = gate.admit(facts);
        if (decision instanceof AccessGate.Refused refused
                && refused.status() == AccessGate.UNAUTHORIZED
                && !failureAllowed(request, response)) {
            return Optional.empty();
        }
        Optional<AccessGate.Admitted> admitted = apply(decision, response);
        if (admitted.isEmpty()) {
            return Optional.empty();
        }
        OptionalLong wait = limits.admitted(
                facts.authorization().isEmpty() ? null : facts.authorization().getFirst(), peer);
        if (wait.isPresent()) {
            tooMany(
                    response,
                    wait.getAsLong(),
                    "this credential made more requests than its rate limit allows",
                    overRate);
            return Optional.empty();
        }
        return admitted.map(AccessGate.Admitted::caller);
    }

    /**
     * Spends a permit of the peer's failure bucket for a credential that was just refused (a token {@link #admit}
     * refused, or a board nonce or session cookie a route's handler refused with 401). When the bucket is empty the
     * refusal becomes 429 with {@code Retry-After}, sent here (ADR 22 and its addendum).
     *
     * @return true when the caller should send its 401 as planned, false when the 429 has been sent instead
     */
    boolean failureAllowed(ServerRequest request, ServerResponse response) {
        OptionalLong wait = limits.authenticationFailed(peer(request));
        if (wait.isPresent()) {
            tooMany(response, wait.getAsLong(), "too many refused credentials from this address", WITHOUT_ID);
            return false;
        }
        return true;
    }

    /**
     * @param request a request {@link #admit} admitted
     * @param caller  the principal it answered
     * @return the lease of the request's credential, confirmed now, which an answer written later than
     *     {@code credential-recheck-ms} renews by looking the token up again (ADR 27)
     */
    CredentialLease lease(ServerRequest request, Principal caller) {
        AccessGate.Request facts = facts(request);
        return new CredentialLease(() -> gate.recheck(facts, caller), recheckAfter, System::nanoTime);
    }

    private static void tooMany(ServerResponse response, long seconds, String why, Refusal refusal) {
        response.header(HeaderNames.RETRY_AFTER, Long.toString(seconds));
        refusal.send(
                response,
                Status.TOO_MANY_REQUESTS_429,
                Replies.SERVER_ERROR,
                "Too Many Requests: " + why + "; retry after " + seconds + " s");
    }

    private static String peer(ServerRequest request) {
        return request.remotePeer().address() instanceof InetSocketAddress inet && inet.getAddress() != null
                ? inet.getAddress().getHostAddress()
                : "unknown";
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
                if (refused.status() == AccessGate.SERVICE_UNAVAILABLE) {
                    Replies.unavailable(response, refused.message());
                    yield Optional.empty();
                }
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
