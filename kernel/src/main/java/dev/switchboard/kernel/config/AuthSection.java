package dev.switchboard.kernel.config;

import java.nio.file.Path;
import java.util.Map;

/** Reads {@code kernel.auth} into {@link AuthSettings}, refusing values of the wrong shape (its unknown keys
 * are refused before, with every other: {@link KnownSettings}). */
final class AuthSection {

    private AuthSection() {}

    /**
     * @param section  the {@code kernel.auth} mapping (empty when absent)
     * @param stateDir the state directory, for the default and for relative token-file paths
     * @param userHome the user's home directory, for {@code ~}
     * @param origins  where each value came from, for messages
     * @return the settings
     * @throws ConfigException if a value is malformed
     */
    static AuthSettings read(Map<String, Object> section, Path stateDir, Path userHome, ConfigOrigins origins) {
        AuthSettings defaults = AuthSettings.defaults(stateDir);
        boolean required =
                ConfigLoader.bool(section.get("required"), defaults.required(), "kernel.auth.required", origins);
        Object configured = ConfigLoader.scalar(section.get("token-file"), "kernel.auth.token-file", origins);
        Path tokenFile = configured == null || String.valueOf(configured).isBlank()
                ? defaults.tokenFile()
                : tokenFile(String.valueOf(configured).trim(), stateDir, userHome);
        return new AuthSettings(required, tokenFile, true);
    }

    private static Path tokenFile(String text, Path stateDir, Path userHome) {
        boolean fromHome = text.equals("~") || text.startsWith("~/");
        if (fromHome || Path.of(text).isAbsolute()) {
            return ConfigLoader.path(text, userHome, stateDir);
        }
        return stateDir.resolve(text).toAbsolutePath().normalize();
    }
}
