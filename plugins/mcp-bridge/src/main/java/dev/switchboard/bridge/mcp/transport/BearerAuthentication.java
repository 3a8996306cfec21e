package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.auth.CredentialsUnavailableException;
import dev.switchboard.ports.call.Principal;

/**
 * Resolves the caller of a request from its {@code Authorization: Bearer} header through the kernel's
 * {@link Authenticator}. Tokens are taken from that header only: a request whose query string carries a parameter
 * named like a token is refused whatever else it carries, because URLs end up in logs and browser histories. When
 * the operator turned authentication off, every caller is {@link Principal#LOCAL_OWNER}. A token that a store could
 * not check (a storage outage: {@link CredentialsUnavailableException}) is neither accepted nor refused: it is
 * {@link Unavailable}, which transports answer 503 with {@code Retry-After}, never 401; such a request is logged at
 * INFO as "storage unavailable", an authentication failure as such, each kind at most one line per 10 s (the storage
 * logs the outage itself). Thread-safe.
 */
public final class BearerAuthentication {

    private static final Logger LOG = LoggerFactory.getLogger(BearerAuthentication.class);
    private static final Pattern BEARER = Pattern.compile("(?i)bearer +([A-Za-z0-9._~+/-]+=*) *");
    /** The challenge of a 401 without a more specific error. */
    public static final String REALM = "Bearer realm=\"switchboard\"";

    /** The {@code Retry-After} of a request whose credential could not be checked, seconds. */
    public static final int RETRY_AFTER_SECONDS = 5;

    /** The outcome for one request. */
    public sealed interface Outcome permits Authenticated, Refused, Unavailable {}

    /** The caller is known. */
    public record Authenticated(Principal principal) implements Outcome {}

    /**
     * The request is refused.
     *
     * @param badRequest true for 400 (a token in the query string), false for 401
     * @param challenge  the {@code WWW-Authenticate} value
     * @param message    what to tell the client
     */
    public record Refused(boolean badRequest, String challenge, String message) implements Outcome {}

    /**
     * The token could be neither accepted nor refused: a store that may know it could not be asked (a storage
     * outage). Not an authentication failure: answered 503 with {@code Retry-After}, and the client keeps its token.
     *
     * @param message what to tell the client, without secrets or where the store is
     */
    public record Unavailable(String message) implements Outcome {}

    /** What a second lookup of an admitted request's token found ({@link #recheck}). */
    public enum Recheck {
        /** It still resolves to the admitted principal. */
        LIVE,
        /** It no longer does: rotated, revoked, expired or its channel deleted. */
        GONE,
        /** The store could not say (a storage outage): the token was not refused. */
        UNAVAILABLE
    }

    /** What a client is told when its credential could not be checked. */
    public static final String UNAVAILABLE_MESSAGE = "Service Unavailable: the credential could not be checked because"
            + " the server's credential store is unreachable (it was not refused); retry in a moment";

    private final Authenticator authenticator;
    private final ThrottledLog storageUnavailable;
    private final ThrottledLog authenticationFailed;

    /** @param authenticator the kernel's, from {@code TransportContext.authenticator()} */
    public BearerAuthentication(Authenticator authenticator) {
        this(authenticator, ThrottledLog.DEFAULT_INTERVAL_MILLIS, LOG::info);
    }

    /**
     * @param authenticator  the kernel's
     * @param intervalMillis the least time between two log lines of one kind
     * @param sink           where those lines go (SLF4J at INFO in production)
     */
    BearerAuthentication(Authenticator authenticator, long intervalMillis, ThrottledLog.Sink sink) {
        this.authenticator = authenticator;
        this.storageUnavailable = new ThrottledLog(intervalMillis, sink);
        this.authenticationFailed = new ThrottledLog(intervalMillis, sink);
    }

    /** @return whether callers must present a token */
    public boolean required() {
        return authenticator.required();
    }

    /**
     * @param authorization every {@code Authorization} header value of the request
     * @param queryNames    the names of the request's query parameters (any name containing "token", in any case, is
     *                      refused with 400)
     * @return who is calling, or why not; an authenticator that could not ask its store is {@link Unavailable}, one
     *     that throws anything else counts as a wrong token (logged)
     */
    public Outcome authenticate(List<String> authorization, Set<String> queryNames) {
        if (queryNames.stream().map(name -> name.toLowerCase(Locale.ROOT)).anyMatch(name -> name.contains("token"))) {
            return new Refused(
                    true,
                    REALM + ", error=\"invalid_request\"",
                    "Bad request: send the token in the Authorization header, never in the URL");
        }
        if (!authenticator.required()) {
            return new Authenticated(Principal.LOCAL_OWNER);
        }
        if (authorization.isEmpty()) {
            return new Refused(false, REALM, "Unauthorized: send Authorization: Bearer <token>");
        }
        var matcher = BEARER.matcher(authorization.getFirst());
        if (authorization.size() > 1 || !matcher.matches()) {
            return invalidToken();
        }
        Outcome outcome = resolve(matcher.group(1));
        if (outcome instanceof Refused) {
            authenticationFailed.line("refused a bearer token: authentication failure (unknown, revoked or expired)");
        }
        return outcome;
    }

    /**
     * Looks the credential of an admitted request up again, for an answer written long after the request was admitted
     * (ADR 27): the token is rotated, revoked or its channel deleted meanwhile when it no longer resolves to the same
     * principal. Costs what {@link #authenticate} costs (one SHA-256, then the kernel's lookups).
     *
     * @param authorization every {@code Authorization} header value of the request, as it was admitted with
     * @param caller        the principal it was admitted as
     * @return {@link Recheck#LIVE} when the same values still resolve to a principal of the same id and kind (always,
     *     when authentication is off), {@link Recheck#UNAVAILABLE} when the store could not say, else
     *     {@link Recheck#GONE}
     */
    public Recheck recheck(List<String> authorization, Principal caller) {
        return switch (authenticate(authorization, Set.of())) {
            case Authenticated now ->
                now.principal().id().equals(caller.id()) && now.principal().kind() == caller.kind()
                        ? Recheck.LIVE
                        : Recheck.GONE;
            case Unavailable unavailable -> Recheck.UNAVAILABLE;
            case Refused refused -> Recheck.GONE;
        };
    }

    private Outcome resolve(String token) {
        Optional<Principal> found;
        try {
            found = authenticator.authenticate(token);
        } catch (CredentialsUnavailableException e) {
            storageUnavailable.line("could not check a bearer token: storage unavailable, not an authentication"
                    + " failure (" + e.getMessage() + "); answered 503 / UNAVAILABLE");
            return new Unavailable(UNAVAILABLE_MESSAGE);
        } catch (RuntimeException e) {
            LOG.warn("the authenticator failed; refusing the request", e);
            found = Optional.empty();
        }
        return found.<Outcome>map(Authenticated::new).orElseGet(BearerAuthentication::invalidToken);
    }

    private static Refused invalidToken() {
        return new Refused(false, REALM + ", error=\"invalid_token\"", "Unauthorized: the token is not valid here");
    }
}
