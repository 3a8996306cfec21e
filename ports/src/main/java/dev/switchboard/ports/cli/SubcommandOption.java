package dev.switchboard.ports.cli;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One option of a {@link Subcommand}: {@code --name VALUE}, or the flag {@code --name}. Immutable.
 *
 * @param name        the long name without dashes, {@code [a-z][a-z0-9-]{0,31}}, such as {@code channel}
 * @param valueName   the value's name in the usage text, such as {@code NAME}; null for a flag
 * @param description one sentence for the usage text
 */
public record SubcommandOption(String name, String valueName, String description) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,31}");

    /**
     * @throws IllegalArgumentException if the name is not of the form above or the description is blank
     */
    public SubcommandOption {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("an option name matches [a-z][a-z0-9-]{0,31}: " + name);
        }
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("option --" + name + " needs a description");
        }
    }

    /**
     * @param name        the long name
     * @param valueName   the value's name, such as {@code NAME}
     * @param description one sentence
     * @return an option that takes a value
     */
    public static SubcommandOption withValue(String name, String valueName, String description) {
        return new SubcommandOption(name, Objects.requireNonNull(valueName, "valueName"), description);
    }

    /**
     * @param name        the long name
     * @param description one sentence
     * @return a flag (no value)
     */
    public static SubcommandOption flag(String name, String description) {
        return new SubcommandOption(name, null, description);
    }

    /** @return whether it takes a value */
    public boolean hasValue() {
        return valueName != null;
    }
}
