package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.switchboard.ports.call.Principal;

/**
 * The security gate every network transport puts in front of everything else, free of any HTTP library: first the
 * {@code Host} and {@code Origin} headers against the allowlists ({@link OriginPolicy}: 403), then the caller's
 * bearer token ({@link BearerAuthentication}: 400 for a token in the URL, 401 with a {@code WWW-Authenticate}
 * challenge for a missing or wrong one, 503 for one the credential store could not check, to be retried after
 * {@link BearerAuthentication#RETRY_AFTER_SECONDS}). A transport passes the raw header values and query parameter
 * names of a request and turns the {@link Decision} into its own response. Immutable and thread-safe.
 */
public final class AccessGate {

    /** The status codes a refusal carries; HTTP's, which other transports map to their own. */
    public static final int FORBIDDEN = 403;
    /** See {@link #FORBIDDEN}. */
    public static final int BAD_REQUEST = 400;
    /** See {@link #FORBIDDEN}. */
    public static final int UNAUTHORIZED = 401;
    /** See {@link #FORBIDDEN}: the credential could not be checked (a storage outage); never a 401. */
    public static final int SERVICE_UNAVAILABLE = 503;

    /**
     * What the gate looks at in a request; lists hold every value of a repeated header, in order.
     *
     * @param host          every {@code Host} value
     * @param origin        every {@code Origin} value
     * @param authorization every {@code Authorization} value
     * @param queryNames    the names of the query parameters
     */
    public record Request(List<String> host, List<String> origin, List<String> authorization, Set<String> queryNames) {
        /** Copies the lists. */
        public Request {
            host = List.copyOf(host);
            origin = List.copyOf(origin);
            authorization = List.copyOf(authorization);
            queryNames = Set.copyOf(queryNames);
        }
    }

    /** The gate's answer. */
    public sealed interface Decision permits Admitted, Refused {}

    /**
     * The request may go on.
     *
     * @param caller        who is calling ({@link Principal#LOCAL_OWNER} when authentication is off); null after
     *                      {@link #checkOrigin}, which does not authenticate
     * @param allowedOrigin the {@code Origin} to echo for CORS (never {@code *}), or empty when none was sent
     */
    public record Admitted(Principal caller, Optional<String> allowedOrigin) implements Decision {}

    /**
     * The request is refused; nothing of it may be acted on.
     *
     * @param status    {@link #FORBIDDEN}, {@link #BAD_REQUEST}, {@link #UNAUTHORIZED} or {@link #SERVICE_UNAVAILABLE}
     * @param challenge the {@code WWW-Authenticate} value to send, or null (403, 503)
     * @param message   what to tell the client, without secrets
     */
    public record Refused(int status, String challenge, String message) implements Decision {}

    private final OriginPolicy origins;
    private final BearerAuthentication authentication;

    public AccessGate(OriginPolicy origins, BearerAuthentication authentication) {
        this.origins = origins;
        this.authentication = authentication;
    }

    /** @return whether callers must present a token */
    public boolean authenticationRequired() {
        return authentication.required();
    }

    /** Checks {@code Host} and {@code Origin} only (health probes, CORS preflights, 405 answers). */
    public Decision checkOrigin(Request request) {
        return switch (origins.check(request.host(), request.origin())) {
            case HOST_REFUSED ->
                new Refused(FORBIDDEN, null, "Forbidden: the Host header names a host this server does not answer for");
            case ORIGIN_REFUSED -> new Refused(FORBIDDEN, null, "Forbidden: requests from this Origin are not allowed");
            case ALLOWED ->
                new Admitted(
                        null,
                        request.origin().isEmpty()
                                ? Optional.empty()
                                : Optional.of(request.origin().getFirst().strip()));
        };
    }

    /**
     * Checks an admitted request's token again (not {@code Host} or {@code Origin}, which cannot change), before an
     * answer written long after the admission (ADR 27).
     *
     * @param request the request as it was admitted
     * @param caller  the principal {@link #admit} answered for it
     * @return whether its token still resolves to that principal, no longer does, or could not be checked
     */
    public BearerAuthentication.Recheck recheck(Request request, Principal caller) {
        return authentication.recheck(request.authorization(), caller);
    }

    /** Checks {@code Host}, {@code Origin}, then the token. */
    public Decision admit(Request request) {
        Decision origin = checkOrigin(request);
        if (!(origin instanceof Admitted admitted)) {
            return origin;
        }
        return switch (authentication.authenticate(request.authorization(), request.queryNames())) {
            case BearerAuthentication.Authenticated authenticated ->
                new Admitted(authenticated.principal(), admitted.allowedOrigin());
            case BearerAuthentication.Refused refused ->
                new Refused(refused.badRequest() ? BAD_REQUEST : UNAUTHORIZED, refused.challenge(), refused.message());
            case BearerAuthentication.Unavailable unavailable ->
                new Refused(SERVICE_UNAVAILABLE, null, unavailable.message());
        };
    }
}
