package dev.switchboard.plugin.handoff.application;

import java.util.Map;
import java.util.Objects;

/**
 * Why a use case refused, in words for the caller and in data for programs. Immutable.
 *
 * @param reason  the stable reason; its name is the error code the tools report
 * @param message what is wrong and what the caller can do; never contains a secret
 * @param details JSON-like facts (the offending field, a prompt for the user, ...)
 */
public record Refusal(Reason reason, String message, Map<String, Object> details) {

    /** The stable reasons. Their names are wire error codes and never change meaning. */
    public enum Reason {
        /** An argument breaks a rule the schema cannot express; {@code details.field} names it. */
        INVALID_ARGUMENTS,
        /** No registered project has that name; {@code details.prompt} asks the user to confirm registering it. */
        PROJECT_UNKNOWN,
        /** The name could mean several registered projects; {@code details.prompt} asks the user to pick one. */
        PROJECT_AMBIGUOUS,
        /** No handoff with that id (or idempotency key) exists in that project. */
        HANDOFF_NOT_FOUND,
        /** The publish holds what looks like a credential; {@code details.findings} name rule and field. */
        SECRET_DETECTED,
        /** The content is larger than the configured maximum. */
        BODY_TOO_LARGE,
        /** The idempotency key was already used for a different payload. */
        CONFLICT,
        /** The cursor would move past the project's latest handoff. */
        CURSOR_BEYOND_LATEST,
        /** Storage stayed busy; retrying later may succeed. */
        UNAVAILABLE
    }

    /** @throws NullPointerException if a component is null */
    public Refusal {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
        details = Map.copyOf(details);
    }

    /**
     * @param field   the offending argument
     * @param message what is wrong with it
     * @return an {@link Reason#INVALID_ARGUMENTS} refusal naming the field
     */
    public static Refusal invalid(String field, String message) {
        return new Refusal(Reason.INVALID_ARGUMENTS, field + ": " + message, Map.of("field", field));
    }
}
