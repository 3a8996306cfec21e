package dev.switchboard.testkit.transport;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.auth.CredentialsUnavailableException;
import dev.switchboard.ports.call.Principal;

/**
 * An {@link Authenticator} that knows a set of tokens, which a test may {@link #revoke} while the transport runs (as
 * {@code rotate_token} does) or make uncheckable ({@link #storeDown}, as a storage outage does), and counts how often
 * each token was looked up. Thread-safe.
 */
public final class FakeAuthenticator implements Authenticator {

    private final boolean required;
    private final Map<String, Principal> principals = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> lookups = new ConcurrentHashMap<>();
    private volatile boolean storeDown;

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

    /**
     * Forgets a token: from now on it is unknown, as a rotated or revoked one is.
     *
     * @param bearerToken a token given to {@link #token}
     * @return this authenticator
     */
    public FakeAuthenticator revoke(String bearerToken) {
        principals.remove(bearerToken);
        return this;
    }

    /**
     * Takes the credential store down or brings it back: while down, every lookup throws
     * {@link CredentialsUnavailableException}, as the kernel's does when a plugin's store cannot answer.
     *
     * @param down whether the store is down
     * @return this authenticator
     */
    public FakeAuthenticator storeDown(boolean down) {
        this.storeDown = down;
        return this;
    }

    /**
     * @param bearerToken a token
     * @return how many times {@link #authenticate} was asked for it
     */
    public int lookups(String bearerToken) {
        AtomicInteger count = lookups.get(bearerToken);
        return count == null ? 0 : count.get();
    }

    @Override
    public Optional<Principal> authenticate(String bearerToken) {
        lookups.computeIfAbsent(bearerToken, t -> new AtomicInteger()).incrementAndGet();
        if (storeDown) {
            throw new CredentialsUnavailableException("the fake credential store is down", null);
        }
        return Optional.ofNullable(principals.get(bearerToken));
    }

    @Override
    public boolean required() {
        return required;
    }
}
