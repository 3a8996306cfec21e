package dev.switchboard.ports.tool;

import java.util.Map;
import java.util.Objects;

/**
 * Why a use case refused, in words for the caller and in data for programs: the one way a plugin says "refused"
 * (see {@link Outcome}). Immutable and thread-safe.
 *
 * @param code    the stable reason, sent as the tool failure's code; a plugin keeps its own codes as
 *                {@link ErrorCode} constants and lists them in {@code docs/error-codes.md}
 * @param message what is wrong and what the caller can do; never a stack trace or a secret
 * @param details JSON-like facts (the offending field, a prompt for the user, ...); copied, never null
 */
public record Refusal(ErrorCode code, String message, Map<String, Object> details) {

    /** @throws NullPointerException if a component is null */
    public Refusal {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        details = Map.copyOf(details);
    }

    /**
     * @param code    the stable reason
     * @param message what is wrong and the way out
     * @return a refusal without details
     */
    public static Refusal of(ErrorCode code, String message) {
        return new Refusal(code, message, Map.of());
    }

    /**
     * @param field   the offending argument
     * @param message what is wrong with it
     * @return an {@link ErrorCode#INVALID_ARGUMENTS} refusal, {@code "<field>: <message>"}, naming the field in
     *         {@code details.field}
     */
    public static Refusal invalid(String field, String message) {
        return new Refusal(ErrorCode.INVALID_ARGUMENTS, field + ": " + message, Map.of("field", field));
    }

    /** @return this refusal as a tool failure with the same code, message and details */
    public ToolResult toResult() {
        return new ToolResult.Failure(code, message, details);
    }
}
