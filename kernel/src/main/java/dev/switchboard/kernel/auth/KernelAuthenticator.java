package dev.switchboard.kernel.auth;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.call.Principal;

/**
 * The kernel's {@link Authenticator}: refuses anything that is not shaped like a bearer token (null, empty, too
 * long, stray characters) without hashing it, hashes the rest once with SHA-256, and asks each {@link TokenStore} in
 * order (the owner token first). {@link #required()} is {@code kernel.auth.required}. Immutable and thread-safe.
 */
@Singleton
public final class KernelAuthenticator implements Authenticator {

    private final List<TokenStore> stores;
    private final boolean required;

    /**
     * @param stores the token stores bound in the kernel's injector, in binding order
     * @param config the configuration, for {@code kernel.auth.required}
     */
    @Inject
    public KernelAuthenticator(Set<TokenStore> stores, SwitchboardConfig config) {
        this(List.copyOf(stores), config.kernel().auth().required());
    }

    /**
     * @param stores   the stores to ask, in order
     * @param required whether callers must authenticate
     */
    public KernelAuthenticator(List<TokenStore> stores, boolean required) {
        this.stores = List.copyOf(stores);
        this.required = required;
    }

    @Override
    public Optional<Principal> authenticate(String bearerToken) {
        if (!TokenFormat.isPresentable(bearerToken)) {
            return Optional.empty();
        }
        TokenDigest presented = TokenDigest.of(bearerToken);
        for (TokenStore store : stores) {
            Optional<Principal> found = store.find(presented);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    @Override
    public boolean required() {
        return required;
    }
}
