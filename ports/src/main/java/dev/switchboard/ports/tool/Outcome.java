package dev.switchboard.ports.tool;

import java.util.Objects;
import java.util.function.Function;

/**
 * The answer of a use case: {@link Done} with a value, or {@link Refused} with the {@link Refusal}. Expected business
 * outcomes (an unknown record, a stale revision, a limit) are values, never exceptions; a tool turns the outcome into
 * its result with {@link #toResult(Function)}. Anything a use case throws is a defect, which the kernel answers as
 * {@link ErrorCode#INTERNAL_ERROR}. Immutable when the value is; thread-safe then.
 *
 * @param <T> the value's type
 */
public sealed interface Outcome<T> permits Outcome.Done, Outcome.Refused {

    /**
     * The use case did what was asked.
     *
     * @param value the result, never null
     * @param <T>   its type
     */
    record Done<T>(T value) implements Outcome<T> {
        /** @throws NullPointerException if {@code value} is null */
        public Done {
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * The use case refused; nothing was changed.
     *
     * @param refusal why
     * @param <T>     the value's type had it succeeded
     */
    record Refused<T>(Refusal refusal) implements Outcome<T> {
        /** @throws NullPointerException if {@code refusal} is null */
        public Refused {
            Objects.requireNonNull(refusal, "refusal");
        }
    }

    /**
     * @param value the result
     * @param <T>   its type
     * @return a success
     * @throws NullPointerException if {@code value} is null
     */
    static <T> Outcome<T> done(T value) {
        return new Done<>(value);
    }

    /**
     * @param refusal why
     * @param <T>     the value's type
     * @return a refusal
     */
    static <T> Outcome<T> refused(Refusal refusal) {
        return new Refused<>(refusal);
    }

    /**
     * @param next what to do with the value
     * @param <U>  the next value's type
     * @return {@code next} applied to the value, or this refusal
     */
    default <U> Outcome<U> then(Function<T, Outcome<U>> next) {
        return switch (this) {
            case Done<T> done -> next.apply(done.value());
            case Refused<T> refused -> new Refused<>(refused.refusal());
        };
    }

    /**
     * @param f   how to turn the value into the next one; must not return null
     * @param <U> the next value's type
     * @return {@code f} applied to the value, or this refusal
     * @throws NullPointerException if {@code f} returns null
     */
    default <U> Outcome<U> map(Function<T, U> f) {
        return switch (this) {
            case Done<T> done -> new Done<>(f.apply(done.value()));
            case Refused<T> refused -> new Refused<>(refused.refusal());
        };
    }

    /**
     * @param fallback the value to take when refused, computed from the refusal
     * @return the value, or {@code fallback} applied to the refusal
     */
    default T orElse(Function<Refusal, T> fallback) {
        return switch (this) {
            case Done<T> done -> done.value();
            case Refused<T> refused -> fallback.apply(refused.refusal());
        };
    }

    /**
     * @param success how a tool presents the value
     * @return {@code success} applied to the value, or the refusal as a failure ({@link Refusal#toResult()})
     */
    default ToolResult toResult(Function<T, ToolResult> success) {
        return switch (this) {
            case Done<T> done -> success.apply(done.value());
            case Refused<T> refused -> refused.refusal().toResult();
        };
    }
}
