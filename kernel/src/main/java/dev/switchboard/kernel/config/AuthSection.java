package dev.switchboard.kernel.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/** Reads {@code kernel.auth} into {@link AuthSettings}, refusing unknown keys and values of the wrong shape. */
final class AuthSection {

    private static final Set<String> KEYS = Set.of("required", "token-file");

    private AuthSection() {}

    /**
     * @param section  the {@code kernel.auth} mapping (empty when absent)
     * @param stateDir the state directory, for the default and for relative token-file paths
     * @param userHome the user's home directory, for {@code ~}
     * @param origins  where each value came from, for messages
     * @return the settings
     * @throws ConfigException if a key is unknown or a value malformed
     */
    static AuthSettings read(Map<String, Object> section, Path stateDir, Path userHome, ConfigOrigins origins) {
        for (String key : section.keySet()) {
            if (!KEYS.contains(key)) {
                throw new ConfigException("unknown key kernel.auth." + key + " " + origins.of("kernel.auth." + key)
                        + "; known keys: "
                        + String.join(", ", KEYS.stream().sorted().toList()));
            }
        }
        AuthSettings defaults = AuthSettings.defaults(stateDir);
        boolean required =
                ConfigLoader.bool(section.get("required"), defaults.required(), "kernel.auth.required", origins);
        Object configured = section.get("token-file");
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
