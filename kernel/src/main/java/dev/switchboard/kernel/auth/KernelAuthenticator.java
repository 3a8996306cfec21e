package dev.switchboard.kernel.auth;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.kernel.config.SwitchboardConfig;
import dev.switchboard.ports.auth.Authenticator;
import dev.switchboard.ports.auth.PresentedCredential;
import dev.switchboard.ports.call.Principal;

/**
 * The kernel's {@link Authenticator}: refuses anything that is not shaped like a bearer token (null, empty, too
 * long, stray or non-ASCII characters) without hashing it, hashes the rest once with SHA-256, and asks each
 * {@link TokenStore} in order (the owner token first), then the started plugins' credential resolvers
 * ({@link CredentialResolvers}). A resolver whose store could not answer, when nothing else knew the token, makes
 * {@link #authenticate} throw {@link dev.switchboard.ports.auth.CredentialsUnavailableException}: the token is
 * neither accepted nor refused. {@link #required()} is {@code kernel.auth.required}. Thread-safe.
 */
@Singleton
public final class KernelAuthenticator implements Authenticator {

    /** The longest prefix (up to and including its first {@code _}) handed to resolvers. */
    static final int MAX_PREFIX = 8;

    private final List<TokenStore> stores;
    private final CredentialResolvers resolvers;
    private final boolean required;

    /**
     * @param stores the token stores bound in the kernel's injector, in binding order
     * @param resolvers the plugins' credential resolvers, asked after the stores
     * @param config the configuration, for {@code kernel.auth.required}
     */
    @Inject
    public KernelAuthenticator(Set<TokenStore> stores, CredentialResolvers resolvers, SwitchboardConfig config) {
        this(List.copyOf(stores), resolvers, config.kernel().auth().required());
    }

    /**
     * @param stores   the stores to ask, in order
     * @param required whether callers must authenticate
     */
    public KernelAuthenticator(List<TokenStore> stores, boolean required) {
        this(stores, new CredentialResolvers(), required);
    }

    /**
     * @param stores    the stores to ask, in order
     * @param resolvers the plugins' resolvers, asked after the stores
     * @param required  whether callers must authenticate
     */
    public KernelAuthenticator(List<TokenStore> stores, CredentialResolvers resolvers, boolean required) {
        this.stores = List.copyOf(stores);
        this.resolvers = resolvers;
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
        return resolvers.resolve(new PresentedCredential(prefix(bearerToken), presented.bytes()));
    }

    /** @return the token's characters up to and including its first {@code _}, if that comes early; else "" */
    static String prefix(String token) {
        int underscore = token.indexOf('_');
        return underscore >= 0 && underscore < MAX_PREFIX ? token.substring(0, underscore + 1) : "";
    }

    @Override
    public boolean required() {
        return required;
    }
}
