package dev.switchboard.testkit.transport;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.call.Principal;

/**
 * An {@link Authenticator} that knows a fixed set of tokens. Build it before the transport starts; thread-safe
 * afterwards.
 */
public final class FakeAuthenticator implements Authenticator {

    private final boolean required;
    private final Map<String, Principal> principals = new LinkedHashMap<>();

    private FakeAuthenticator(boolean required) {
        this.required = required;
    }

    /** @return an authenticator that requires a known token ({@link #required()} is true) */
    public static FakeAuthenticator requiringTokens() {
        return new FakeAuthenticator(true);
    }

    /** @return an authenticator with authentication off: callers without a token are the local owner */
    public static FakeAuthenticator off() {
        return new FakeAuthenticator(false);
    }

    /**
     * @param bearerToken a token
     * @param principal   who presents it
     * @return this authenticator
     */
    public FakeAuthenticator token(String bearerToken, Principal principal) {
        principals.put(bearerToken, principal);
        return this;
    }

    @Override
    public Optional<Principal> authenticate(String bearerToken) {
        return Optional.ofNullable(principals.get(bearerToken));
    }

    @Override
    public boolean required() {
        return required;
    }
}
