package dev.switchboard.kernel.secrets;

import java.util.Objects;

/**
 * The public face of one scanning rule, for documentation and diagnostics. Immutable.
 *
 * @param id          the stable kebab-case rule id that findings carry, such as {@code aws-access-key-id}
 * @param description one sentence saying what the rule catches
 */
public record RuleInfo(String id, String description) {
    /** @throws NullPointerException if a component is null */
    public RuleInfo {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(description, "description");
    }
}
