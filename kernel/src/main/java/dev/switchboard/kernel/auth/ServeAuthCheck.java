package dev.switchboard.kernel.auth;

import java.util.Optional;

import dev.switchboard.kernel.config.AuthSettings;
import dev.switchboard.kernel.config.HttpTransportSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * The authentication checks {@code serve} runs before it starts anything: an HTTP listener on a non-loopback address
 * needs authentication, and when authentication is on, the owner token file must be usable (it is generated on
 * first use). The HTTP transport checks the address it actually binds too; this check fails earlier, before plugins
 * start. Stateless.
 */
public final class ServeAuthCheck {

    private ServeAuthCheck() {}

    /**
     * @param config the configuration, after command-line overrides, with the transports {@code serve} will start
     * @throws AuthSetupException if serving would expose an unauthenticated listener, or the token file is unusable
     */
    public static void verify(SwitchboardConfig config) {
        unauthenticatedExposure(config).ifPresent(problem -> {
            throw new AuthSetupException(problem);
        });
        AuthSettings auth = config.kernel().auth();
        if (auth.required()) {
            new OwnerTokenFile(auth.tokenFile()).open(auth.generateIfMissing());
        }
    }

    /**
     * @param config the configuration, with the transports {@code serve} will start
     * @return why serving would be unsafe (HTTP on a non-loopback address with {@code kernel.auth.required: false}),
     *         or empty when it is not
     */
    public static Optional<String> unauthenticatedExposure(SwitchboardConfig config) {
        if (config.kernel().auth().required() || !HttpTransportSettings.requested(config)) {
            return Optional.empty();
        }
        String host = HttpTransportSettings.host(config);
        if (LoopbackHosts.isLoopback(host)) {
            return Optional.empty();
        }
        return Optional.of("refusing to serve HTTP on " + host + ", which is not a loopback address, with "
                + "authentication turned off (kernel.auth.required: false): anyone who can reach it could call every "
                + "tool. Turn authentication on, or bind 127.0.0.1 (--host 127.0.0.1).");
    }
}
