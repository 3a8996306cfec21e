package dev.switchboard.bridge.mcp.transport;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.call.Principal;

/**
 * Resolves the caller of a request from its {@code Authorization: Bearer} header through the kernel's
 * {@link Authenticator}. Tokens are taken from that header only: a request whose query string carries a parameter
 * named like a token is refused whatever else it carries, because URLs end up in logs and browser histories. When
 * the operator turned authentication off, every caller is {@link Principal#LOCAL_OWNER}. Thread-safe.
 */
public final class BearerAuthentication {

    private static final Logger LOG = LoggerFactory.getLogger(BearerAuthentication.class);
    private static final Pattern BEARER = Pattern.compile("(?i)bearer +([A-Za-z0-9._~+/-]+=*) *");
    /** The challenge of a 401 without a more specific error. */
    public static final String REALM = "Bearer realm=\"switchboard\"";

    /** The outcome for one request. */
    public sealed interface Outcome permits Authenticated, Refused {}

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

    private final Authenticator authenticator;

    /** @param authenticator the kernel's, from {@code TransportContext.authenticator()} */
    public BearerAuthentication(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    /** @return whether callers must present a token */
    public boolean required() {
        return authenticator.required();
    }

    /**
     * @param authorization every {@code Authorization} header value of the request
     * @param queryNames    the names of the request's query parameters (any name containing "token", in any case, is
     *                      refused with 400)
     * @return who is calling, or why not; an authenticator that throws counts as a wrong token (logged)
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
        return resolve(matcher.group(1)).<Outcome>map(Authenticated::new).orElseGet(BearerAuthentication::invalidToken);
    }

    /**
     * Looks the credential of an admitted request up again, for an answer written long after the request was admitted
     * (ADR 27): the token is rotated, revoked or its channel deleted meanwhile when it no longer resolves to the same
     * principal. Costs what {@link #authenticate} costs (one SHA-256, then the kernel's lookups).
     *
     * @param authorization every {@code Authorization} header value of the request, as it was admitted with
     * @param caller        the principal it was admitted as
     * @return whether the same values still resolve to a principal of the same id and kind (always, when
     *     authentication is off)
     */
    public boolean stillAuthenticates(List<String> authorization, Principal caller) {
        return authenticate(authorization, Set.of()) instanceof Authenticated now
                && now.principal().id().equals(caller.id())
                && now.principal().kind() == caller.kind();
    }

    private Optional<Principal> resolve(String token) {
        try {
            return authenticator.authenticate(token);
        } catch (RuntimeException e) {
            LOG.warn("the authenticator failed; refusing the request", e);
            return Optional.empty();
        }
    }

    private static Refused invalidToken() {
        return new Refused(false, REALM + ", error=\"invalid_token\"", "Unauthorized: the token is not valid here");
    }
}
