package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Refuses command-line arguments that look like a credential: a token on a command line lands in shell history and
 * in every process listing. An argument is token-like when it, or the value of a {@code --flag=value}, starts with a
 * mailbox prefix ({@code cct_} role token, {@code ccv_} view key, {@code cca_} the original's admin token) or
 * Switchboard's owner-token prefix ({@code sbt_}). Stateless.
 */
public final class TokenArguments {

    /** The prefixes refused. */
    public static final List<String> PREFIXES = List.of("cct_", "ccv_", "cca_", "sbt_");

    /** How many token characters after a prefix make a token embedded in a longer argument. */
    static final int EMBEDDED_MIN = 16;

    private static final Pattern EMBEDDED = Pattern.compile(
            "(?:^|[^A-Za-z0-9])(?:" + String.join("|", PREFIXES) + ")[A-Za-z0-9_-]{" + EMBEDDED_MIN + ",}");

    private TokenArguments() {}

    /**
     * @param arguments the raw command-line arguments
     * @return the position (0-based) of the first token-like one, if any
     */
    public static Optional<Integer> firstTokenLike(List<String> arguments) {
        for (int i = 0; i < arguments.size(); i++) {
            if (isTokenLike(arguments.get(i))) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /**
     * @param argument one argument
     * @return whether it, or its {@code =value}, starts with a token prefix (leading whitespace ignored), or holds a
     *     prefix followed by {@value #EMBEDDED_MIN} or more token characters anywhere after a non-alphanumeric
     *     character (a token inside a URL, a {@code NAME=value} or a quoted word)
     */
    public static boolean isTokenLike(String argument) {
        String value = argument;
        int equals = argument.indexOf('=');
        if (argument.startsWith("-") && equals > 0) {
            value = argument.substring(equals + 1);
        }
        String candidate = value.strip();
        return PREFIXES.stream().anyMatch(candidate::startsWith)
                || EMBEDDED.matcher(argument).find();
    }
}
