package dev.switchboard.kernel.config;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The {@code kernel.auth} subtree of the configuration. Immutable.
 *
 * @param required          whether network callers must present a bearer token; {@code kernel.auth.required},
 *                          default true. Turning it off is allowed only while serving on loopback addresses.
 * @param tokenFile         the owner token's file; {@code kernel.auth.token-file}, default
 *                          {@code <state-dir>/owner.token} (a relative path is taken from the state directory)
 * @param generateIfMissing whether a missing token file is created with a fresh token (true for the configured
 *                          location; false for a file named by {@code --token-file}, which must already exist)
 */
public record AuthSettings(boolean required, Path tokenFile, boolean generateIfMissing) {

    /** The default token file's name inside the state directory. */
    public static final String DEFAULT_TOKEN_FILE = "owner.token";

    /** @throws NullPointerException if {@code tokenFile} is null */
    public AuthSettings {
        Objects.requireNonNull(tokenFile, "tokenFile");
    }

    /**
     * @param stateDir the state directory
     * @return authentication required, token file {@code <stateDir>/owner.token}, generated on first use
     */
    public static AuthSettings defaults(Path stateDir) {
        return new AuthSettings(true, stateDir.resolve(DEFAULT_TOKEN_FILE), true);
    }

    /**
     * @param existing a token file the operator named explicitly; it must exist and is never generated
     * @return these settings reading the owner token from {@code existing}
     */
    public AuthSettings withExistingTokenFile(Path existing) {
        return new AuthSettings(required, existing.toAbsolutePath().normalize(), false);
    }
}
