package dev.switchboard.ports.tool;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Typed reads of a tool call's arguments object ({@link ToolCall#args()}). The kernel has validated the object
 * against the tool's input schema before the handler runs, so these reads fail only where the handler asks for more
 * than the schema says (a narrower range, a required value the schema leaves optional); they still check, so that a
 * value is never wrapped, truncated or rounded into another one.
 *
 * <p>Every refusal is an {@link InvalidArgumentException} naming the field (as a dotted path below
 * {@link #path()}), which the kernel answers as {@link ErrorCode#INVALID_ARGUMENTS}. Whole numbers are read from any
 * JSON number whose value is integral: {@code 7}, {@code 7.0} and {@code 7e0} are 7; {@code 7.5},
 * {@code 18446744073709551618} (past signed 64 bits), and a number written with a fraction or exponent whose magnitude
 * is past 2<sup>53</sup> (where the parser may already have rounded it) are refused.
 *
 * <p>Immutable when the map is (the kernel hands over the parsed JSON, which nobody changes); thread-safe then.
 *
 * @param values the arguments object: JSON values as Jackson parses them ({@code String}, {@code Boolean},
 *               {@code Number}, {@code List}, {@code Map}); never null
 * @param path   the dotted path of this object inside the call's arguments, {@code ""} for the arguments themselves
 */
public record Arguments(Map<String, Object> values, String path) {

    /** 2<sup>53</sup>: past it, a double no longer holds every whole number, so it may be a rounded one. */
    private static final double EXACT_DOUBLE_LIMIT = 9_007_199_254_740_992d;

    /** @throws NullPointerException if a component is null */
    public Arguments {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(path, "path");
    }

    /**
     * @param values the arguments object
     * @throws NullPointerException if {@code values} is null
     */
    public Arguments(Map<String, Object> values) {
        this(values, "");
    }

    /**
     * @param name an argument
     * @return whether the argument is present and not JSON {@code null}
     */
    public boolean has(String name) {
        return values.get(name) != null;
    }

    /**
     * @param name a required string argument
     * @return its value
     * @throws InvalidArgumentException if it is absent or not a string
     */
    public String text(String name) {
        return optionalText(name).orElseThrow(() -> missing(name));
    }

    /**
     * @param name an optional string argument
     * @return its value, or empty when absent or JSON {@code null}
     * @throws InvalidArgumentException if it is present and not a string
     */
    public Optional<String> optionalText(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (value instanceof String text) {
            return Optional.of(text);
        }
        throw wrongType(name, "a string");
    }

    /**
     * @param name an optional array-of-strings argument
     * @return its elements in order, or an empty list when absent
     * @throws InvalidArgumentException if it is not an array, or an element is not a string
     */
    public List<String> texts(String name) {
        List<?> list = list(name);
        List<String> texts = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String text)) {
                throw wrongType(name + "." + i, "a string");
            }
            texts.add(text);
        }
        return List.copyOf(texts);
    }

    /**
     * @param name a required integer argument
     * @param min  the smallest value the handler accepts
     * @param max  the largest value the handler accepts
     * @return its value, exactly as sent
     * @throws InvalidArgumentException if it is absent, not a whole number, or outside {@code [min, max]}
     */
    public long integer(String name, long min, long max) {
        return optionalInteger(name, min, max).orElseThrow(() -> missing(name));
    }

    /**
     * @param name an optional integer argument
     * @param min  the smallest value the handler accepts
     * @param max  the largest value the handler accepts
     * @return its value exactly as sent, or empty when absent or JSON {@code null}
     * @throws InvalidArgumentException if it is present and not a whole number, or outside {@code [min, max]}
     */
    public Optional<Long> optionalInteger(String name, long min, long max) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof Number number)) {
            throw wrongType(name, "a whole number");
        }
        Optional<Long> exact = exactLong(number);
        if (exact.isEmpty() || exact.get() < min || exact.get() > max) {
            throw new InvalidArgumentException(field(name), "must be a whole number from " + min + " to " + max);
        }
        return exact;
    }

    /**
     * @param name an optional integer argument the handler holds in an {@code int} (a limit, an offset, a count)
     * @param min  the smallest value the handler accepts
     * @param max  the largest value the handler accepts
     * @return its value exactly as sent, or empty when absent or JSON {@code null}
     * @throws InvalidArgumentException if it is present and not a whole number, or outside {@code [min, max]}
     */
    public Optional<Integer> optionalInt(String name, int min, int max) {
        return optionalInteger(name, min, max).map(Math::toIntExact);
    }

    /**
     * @param name an optional number argument (JSON Schema {@code number})
     * @return its value as a double, or empty when absent or JSON {@code null}
     * @throws InvalidArgumentException if it is present and not a number, or too large for a double
     */
    public Optional<Double> optionalNumber(String name) {
        Object value = values.get(name);
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof Number number)) {
            throw wrongType(name, "a number");
        }
        double converted = number.doubleValue();
        if (Double.isInfinite(converted) || Double.isNaN(converted)) {
            throw new InvalidArgumentException(field(name), "must be a finite number");
        }
        return Optional.of(converted);
    }

    /**
     * @param name     an optional boolean argument
     * @param fallback the value when it is absent
     * @return its value, or {@code fallback}
     * @throws InvalidArgumentException if it is present and not a boolean
     */
    public boolean flag(String name, boolean fallback) {
        Object value = values.get(name);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Boolean flag) {
            return flag;
        }
        throw wrongType(name, "true or false");
    }

    /**
     * @param name an optional array-of-objects argument
     * @return each element as arguments of its own (whose refusals name {@code name.<index>.<field>}), or an empty
     *         list when absent
     * @throws InvalidArgumentException if it is not an array, or an element is not an object
     */
    public List<Arguments> objects(String name) {
        List<?> list = list(name);
        List<Arguments> objects = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            objects.add(object(list.get(i), name + "." + i));
        }
        return List.copyOf(objects);
    }

    /**
     * @param name an optional object argument
     * @return it as arguments of its own, or empty when absent or JSON {@code null}
     * @throws InvalidArgumentException if it is present and not an object
     */
    public Optional<Arguments> optionalObject(String name) {
        Object value = values.get(name);
        return value == null ? Optional.empty() : Optional.of(object(value, name));
    }

    /**
     * The signed 64-bit value a JSON number stands for, if it stands for exactly one.
     *
     * @param number a parsed JSON number
     * @return its value, or empty when it has a fraction, is outside the signed 64-bit range, is not finite, or is a
     *         floating-point value past 2<sup>53</sup> (which the parser may already have rounded)
     */
    public static Optional<Long> exactLong(Number number) {
        try {
            return switch (number) {
                case Integer i -> Optional.of(i.longValue());
                case Long l -> Optional.of(l);
                case Short s -> Optional.of(s.longValue());
                case Byte b -> Optional.of(b.longValue());
                case BigInteger big -> Optional.of(big.longValueExact());
                case BigDecimal decimal -> Optional.of(decimal.longValueExact());
                default -> {
                    double d = number.doubleValue();
                    yield Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) <= EXACT_DOUBLE_LIMIT
                            ? Optional.of((long) d)
                            : Optional.empty();
                }
            };
        } catch (ArithmeticException notAWholeLong) {
            return Optional.empty();
        }
    }

    private Arguments object(Object value, String name) {
        if (!(value instanceof Map<?, ?> map)) {
            throw wrongType(name, "an object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) map;
        return new Arguments(object, field(name));
    }

    private List<?> list(String name) {
        Object value = values.get(name);
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return list;
        }
        throw wrongType(name, "an array");
    }

    private String field(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private InvalidArgumentException missing(String name) {
        return new InvalidArgumentException(field(name), "is required");
    }

    private InvalidArgumentException wrongType(String name, String expected) {
        return new InvalidArgumentException(field(name), "must be " + expected);
    }
}
