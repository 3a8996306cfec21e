package dev.switchboard.ports.tool;

import java.util.LinkedHashMap;
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

    /**
     * @param message what is wrong with the arguments as a whole (no one field is at fault)
     * @return an {@link ErrorCode#INVALID_ARGUMENTS} refusal without details
     */
    public static Refusal invalid(String message) {
        return of(ErrorCode.INVALID_ARGUMENTS, message);
    }

    /**
     * @param message how the call conflicts with the current state and the way out
     * @return a {@link ErrorCode#CONFLICT} refusal without details ({@link #with} adds them)
     */
    public static Refusal conflict(String message) {
        return of(ErrorCode.CONFLICT, message);
    }

    /**
     * @param message what the caller may not do, and who may
     * @return a {@link ErrorCode#FORBIDDEN} refusal without details
     */
    public static Refusal forbidden(String message) {
        return of(ErrorCode.FORBIDDEN, message);
    }

    /**
     * @param message which record does not exist, and where the caller finds the ones that do
     * @return a {@link ErrorCode#NOT_FOUND} refusal without details
     */
    public static Refusal notFound(String message) {
        return of(ErrorCode.NOT_FOUND, message);
    }

    /**
     * @param message which dependency is unavailable; the caller may retry later
     * @return an {@link ErrorCode#UNAVAILABLE} refusal with {@code details.retryable: true}
     */
    public static Refusal unavailable(String message) {
        return new Refusal(ErrorCode.UNAVAILABLE, message, Map.of("retryable", true));
    }

    /**
     * @param key   a detail's name, such as {@code field}
     * @param value its JSON-like value
     * @return this refusal with the detail added (or replaced)
     * @throws NullPointerException if {@code key} or {@code value} is null
     */
    public Refusal with(String key, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(details);
        more.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
        return new Refusal(code, message, more);
    }

    /**
     * @param <T> the value's type had the use case succeeded
     * @return this refusal as a refused outcome ({@link Outcome#refused})
     */
    public <T> Outcome<T> outcome() {
        return Outcome.refused(this);
    }

    /** @return this refusal as a tool failure with the same code, message and details */
    public ToolResult toResult() {
        return new ToolResult.Failure(code, message, details);
    }
}
