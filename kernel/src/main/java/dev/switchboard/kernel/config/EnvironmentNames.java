package dev.switchboard.kernel.config;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses {@code SWITCHBOARD_*} environment variables without a double underscore that look meant for Switchboard but
 * name nothing it reads (those with one are configuration keys, which {@link KnownSettings} checks):
 *
 * <ul>
 *   <li>a setting written with single underscores ({@code SWITCHBOARD_PLUGINS_MAILBOX_ROLE}): every name starting
 *       with {@code SWITCHBOARD_KERNEL}, {@code SWITCHBOARD_PLUGINS} or {@code SWITCHBOARD_PLUGIN};</li>
 *   <li>a near miss of a variable the launcher or the kernel reads ({@code SWITCHBOARD_JAVA_OPT}): at most one edit
 *       away from a name of up to 5 characters after the prefix, two from a longer one.</li>
 * </ul>
 *
 * <p>The variables Switchboard reads or sets without being settings ({@link #KNOWN}, and the one
 * {@code plugins.storage-postgres.password-env} names) are taken; so is any other name, which is the user's own (the
 * README's {@code SWITCHBOARD_TOKEN} for a client's bearer token, a test harness's). Stateless.
 */
final class EnvironmentNames {

    /** Variables Switchboard reads or sets that are not settings. */
    static final Set<String> KNOWN = Set.of(
            "SWITCHBOARD_JAVA_HOME",
            "SWITCHBOARD_JAVA_OPTS",
            "SWITCHBOARD_LOG_LEVEL",
            "SWITCHBOARD_HOME",
            "SWITCHBOARD_POSTGRES_PASSWORD",
            "SWITCHBOARD_TOKEN",
            "SWITCHBOARD_RUN",
            "SWITCHBOARD_RUN_LABEL",
            "SWITCHBOARD_AOT_OUTPUT",
            "SWITCHBOARD_AOT_TRAINING_URL",
            "SWITCHBOARD_AOT_TRAINING_TOKEN_FILE");

    /** The ones a person sets by hand, whose near misses are refused. */
    private static final Set<String> SET_BY_HAND = Set.of(
            "SWITCHBOARD_JAVA_HOME",
            "SWITCHBOARD_JAVA_OPTS",
            "SWITCHBOARD_LOG_LEVEL",
            "SWITCHBOARD_HOME",
            "SWITCHBOARD_POSTGRES_PASSWORD");

    private static final Set<String> SECTIONS = Set.of("KERNEL", "PLUGINS", "PLUGIN");

    private EnvironmentNames() {}

    /**
     * @param env         the environment
     * @param passwordEnv the variable {@code plugins.storage-postgres.password-env} names, or null
     * @param known       the known settings, for the variable a single-underscore name meant
     * @throws UnknownSettingException naming the first refused variable and the closest known one
     */
    static void refuseUnknown(Map<String, String> env, String passwordEnv, KnownSettings known) {
        env.keySet().stream()
                .filter(name -> name.startsWith(EnvironmentOverrides.PREFIX) && !name.contains("__"))
                .filter(name -> !KNOWN.contains(name) && !name.equals(passwordEnv))
                .sorted()
                .forEach(name -> problem(name, known).ifPresent(message -> {
                    throw new UnknownSettingException(message);
                }));
    }

    private static Optional<String> problem(String name, KnownSettings known) {
        String rest = name.substring(EnvironmentOverrides.PREFIX.length());
        String section = rest.contains("_") ? rest.substring(0, rest.indexOf('_')) : rest;
        if (SECTIONS.contains(section)) {
            Map<String, String> variables = known.variables();
            Map<String, String> bySingle = new java.util.TreeMap<>();
            variables.keySet().forEach(variable -> bySingle.put(variable.replace("__", "_"), variable));
            String meant = bySingle.get(Closest.to(name, bySingle.keySet()).orElseThrow());
            return Optional.of("environment variable " + name + " names no setting: the levels of a setting's"
                    + " variable are separated by a double underscore (" + meant + " sets " + variables.get(meant)
                    + "); did you mean " + meant + "?");
        }
        return SET_BY_HAND.stream()
                .filter(candidate -> Closest.distance(name, candidate) <= (candidate.length() - 12 <= 5 ? 1 : 2))
                .sorted()
                .findFirst()
                .map(candidate -> "environment variable " + name + " names nothing Switchboard reads; did you mean "
                        + candidate + "?");
    }
}
