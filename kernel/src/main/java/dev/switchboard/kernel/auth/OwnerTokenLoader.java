package dev.switchboard.kernel.auth;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import dev.switchboard.kernel.config.AuthSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * Provides the owner's {@link TokenStore} from {@code kernel.auth}: the token file (generated there on first use),
 * read at start and again whenever it changes ({@link WatchedOwnerToken}), or {@link TokenStore#NONE} when authentication is off, in which case the file is not touched.
 * Called when the kernel first needs its authenticator, which is when {@code serve} starts its transports.
 */
public final class OwnerTokenLoader implements Provider<TokenStore> {

    private final AuthSettings settings;

    /** @param config the configuration, for {@code kernel.auth} */
    @Inject
    public OwnerTokenLoader(SwitchboardConfig config) {
        this.settings = config.kernel().auth();
    }

    /** @throws AuthSetupException if the token file cannot be used */
    @Override
    public TokenStore get() {
        if (!settings.required()) {
            return TokenStore.NONE;
        }
        return new WatchedOwnerToken(new OwnerTokenFile(settings.tokenFile()), settings.generateIfMissing());
    }
}
