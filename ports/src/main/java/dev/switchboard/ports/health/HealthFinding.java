package dev.switchboard.ports.health;

import java.util.Objects;

/**
 * One line of a {@link HealthCheck}'s report. Immutable.
 *
 * @param severity {@link Severity#OK} for a fact that needs no action, {@link Severity#WARNING} for a risk the operator
 *                 should weigh, {@link Severity#UNKNOWN} for a check that could not tell, {@link Severity#PROBLEM}
 *                 for a fact that needs action
 * @param message  a sentence for an operator, saying what to do when it is a problem; never a secret
 */
public record HealthFinding(Severity severity, String message) {

    /** How an operator should read a finding. */
    public enum Severity {
        /** Informational: nothing to do. */
        OK,
        /** A risk the operator should weigh (such as plain text to a remote database); the doctor still exits 0. */
        WARNING,
        /** The check could not tell (such as a rule the role may not read); the doctor still exits 0. */
        UNKNOWN,
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
     * @param message the sentence, with what to do about the risk
     * @return a {@link Severity#WARNING} finding
     */
    public static HealthFinding warning(String message) {
        return new HealthFinding(Severity.WARNING, message);
    }

    /**
     * @param message the sentence: what could not be told, why, and how an operator can find out
     * @return an {@link Severity#UNKNOWN} finding
     */
    public static HealthFinding unknown(String message) {
        return new HealthFinding(Severity.UNKNOWN, message);
    }

    /**
     * @param message the sentence, with what to do
     * @return a {@link Severity#PROBLEM} finding
     */
    public static HealthFinding problem(String message) {
        return new HealthFinding(Severity.PROBLEM, message);
    }
}
