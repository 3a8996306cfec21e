package dev.switchboard.ports.health;

import java.util.Objects;

/**
 * One line of a {@link HealthCheck}'s report. Immutable.
 *
 * @param severity {@link Severity#OK} for a fact that needs no action, {@link Severity#PROBLEM} for one that does
 * @param message  a sentence for an operator, saying what to do when it is a problem; never a secret
 */
public record HealthFinding(Severity severity, String message) {

    /** How an operator should read a finding. */
    public enum Severity {
        /** Informational: nothing to do. */
        OK,
        /** Needs the operator's attention; {@code switchboard doctor} exits non-zero. */
        PROBLEM
    }

    /** @throws NullPointerException if a component is null */
    public HealthFinding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
    }

    /**
     * @param message the sentence
     * @return an {@link Severity#OK} finding
     */
    public static HealthFinding ok(String message) {
        return new HealthFinding(Severity.OK, message);
    }

    /**
     * @param message the sentence, with what to do
     * @return a {@link Severity#PROBLEM} finding
     */
    public static HealthFinding problem(String message) {
        return new HealthFinding(Severity.PROBLEM, message);
    }
}
