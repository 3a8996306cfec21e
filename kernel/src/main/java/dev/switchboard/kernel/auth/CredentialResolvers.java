package dev.switchboard.kernel.auth;

import java.util.List;
import java.util.Optional;

import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.kernel.contribution.ByOwner;
import dev.switchboard.ports.auth.CredentialResolver;
import dev.switchboard.ports.auth.CredentialsUnavailableException;
import dev.switchboard.ports.auth.PresentedCredential;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.storage.StorageException;

/**
 * The {@link CredentialResolver}s of started plugins, asked by {@link KernelAuthenticator} after the owner token, in
 * the order the plugins started. Kept {@link ByOwner}: reading is lock-free,
 * so a plugin that stops takes its credentials with it at once. A resolver whose store cannot answer (it throws a
 * {@link StorageException} or {@link CredentialsUnavailableException}) makes the credential "unavailable" rather than
 * "unknown": the next one is still asked, and when none finds the credential, {@link #resolve} throws
 * {@link CredentialsUnavailableException} (not logged here: the transport logs the request, the storage the outage).
 * A resolver that throws anything else (a defect) is logged at WARN (its plugin and the exception's class, never the
 * credential) and counts as "unknown". Thread-safe.
 */
@Singleton
public final class CredentialResolvers {

    private static final Logger LOG = LoggerFactory.getLogger(CredentialResolvers.class);

    private final ByOwner<CredentialResolver> resolvers = new ByOwner<>();

    /**
     * @param owner       the plugin id
     * @param contributed its resolvers (none: nothing changes)
     */
    public void register(String owner, List<CredentialResolver> contributed) {
        resolvers.register(owner, contributed);
    }

    /** @param owner the plugin whose resolvers to withdraw */
    public void unregister(String owner) {
        resolvers.unregister(owner);
    }

    /**
     * @param credential a presented token's digest and prefix
     * @return the first principal a resolver finds, or empty when none knows it
     * @throws CredentialsUnavailableException when none found it and a resolver's store could not answer
     */
    Optional<Principal> resolve(PresentedCredential credential) {
        RuntimeException unavailable = null;
        String unavailableOwner = null;
        for (ByOwner.Owned<CredentialResolver> entry : resolvers.current()) {
            try {
                Optional<Principal> found = entry.value().resolve(credential);
                if (found != null && found.isPresent()) {
                    return found;
                }
            } catch (StorageException | CredentialsUnavailableException e) {
                unavailable = e;
                unavailableOwner = entry.owner();
            } catch (RuntimeException e) {
                LOG.warn(
                        "the credential resolver of plugin {} failed ({}); treating the credential as unknown",
                        entry.owner(),
                        e.getClass().getName());
            }
        }
        if (unavailable != null) {
            throw new CredentialsUnavailableException(
                    "the credential store of plugin " + unavailableOwner + " could not answer: "
                            + (unavailable instanceof StorageException storage
                                    ? storage.clientMessage()
                                    : unavailable.getMessage()),
                    unavailable);
        }
        return Optional.empty();
    }
}
