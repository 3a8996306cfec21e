package dev.switchboard.kernel.secrets;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One rule: an id, what it catches, and the pattern whose every match is a finding. The pattern is compiled once and
 * shared; {@link Pattern} is thread-safe.
 */
record SecretRule(String id, String description, Pattern pattern) {

    SecretRule {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(pattern, "pattern");
    }

    static SecretRule of(String id, String description, String regex) {
        return new SecretRule(id, description, Pattern.compile(regex));
    }

    RuleInfo info() {
        return new RuleInfo(id, description);
    }
}
