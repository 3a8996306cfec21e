package dev.switchboard.kernel.config;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where each configuration value came from, for messages: a key set by an environment variable is blamed on that
 * variable, any other on the configuration file (or on the defaults when there is no file). Immutable.
 *
 * @param file      the configuration file that was read, or null when none exists
 * @param variables the environment variable that set each dotted key, such as
 *                  {@code kernel.state-dir -> SWITCHBOARD_KERNEL__STATE_DIR}
 */
record ConfigOrigins(Path file, Map<String, String> variables) {

    ConfigOrigins {
        variables = Map.copyOf(variables);
    }

    /**
     * @param dottedKey a key such as {@code kernel.auth.required}, or a section such as {@code plugins.handoff}
     * @return where it was set, to follow the key in a message: {@code "(environment variable SWITCHBOARD_...)"},
     *         {@code "in /path/application.yaml"}, or {@code "(no configuration file)"}
     */
    String of(String dottedKey) {
        return variable(dottedKey)
                .map(variable -> "(environment variable " + variable + ")")
                .orElse(file != null ? "in " + file : "(no configuration file)");
    }

    /**
     * @param dottedKey a key, or a section
     * @return the environment variable that set it (or, for a section, the first that set a key below it), if any
     */
    Optional<String> variable(String dottedKey) {
        String variable = variables.get(dottedKey);
        if (variable == null) {
            variable = variables.entrySet().stream()
                    .filter(e -> e.getKey().startsWith(dottedKey + "."))
                    .map(Map.Entry::getValue)
                    .sorted()
                    .findFirst()
                    .orElse(null);
        }
        return Optional.ofNullable(variable);
    }
}
