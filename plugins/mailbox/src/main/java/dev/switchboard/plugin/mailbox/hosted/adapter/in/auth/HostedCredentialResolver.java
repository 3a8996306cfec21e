package dev.switchboard.plugin.mailbox.hosted.adapter.in.auth;

import java.util.Optional;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.hosted.application.CredentialCheck;
import dev.switchboard.ports.auth.CredentialResolver;
import dev.switchboard.ports.auth.PresentedCredential;
import dev.switchboard.ports.call.Principal;

/**
 * The mailbox's {@link CredentialResolver}: a live {@code cct_} role token is that role in its channel, a live
 * {@code ccv_} view key a viewer of its channel; other prefixes are not looked up. Thread-safe.
 */
@Extension
public final class HostedCredentialResolver implements CredentialResolver {

    private final CredentialCheck check;

    /** Built by the plugin's injector. */
    @Inject
    public HostedCredentialResolver(CredentialCheck check) {
        this.check = check;
    }

    @Override
    public Optional<Principal> resolve(PresentedCredential credential) {
        return check.resolve(credential.prefix(), credential.sha256Hex(), credential.sha256());
    }
}
