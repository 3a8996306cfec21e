package dev.switchboard.kernel.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tools.jackson.databind.JsonNode;

import dev.switchboard.ports.tool.Arguments;

/**
 * Where an input schema declares {@code "type": "integer"}, and the check that a value there is a whole number in
 * the signed 64-bit range and within the schema's own integral {@code minimum} and {@code maximum}, refused with one
 * message that names the whole range allowed. JSON Schema calls {@code 1e20} and {@code 18446744073709551618}
 * integers, but no handler can hold them: without this check they would be wrapped ({@code 18446744073709551618} read as 2) or saturated. Follows
 * {@code properties}, {@code additionalProperties}, {@code items} and local {@code $ref}s, recursively (the shapes
 * tool schemas use); an integer declared only inside a combinator ({@code anyOf}, ...) is still refused by
 * {@link Arguments} when the handler reads it. Immutable and thread-safe.
 */
final class WholeNumbers {

    private final boolean integer;
    private final Map<String, WholeNumbers> properties;
    private final WholeNumbers otherProperties;
    private final WholeNumbers items;
    /** The range named in the message: the schema's own integral bounds where declared, else the 64-bit range. */
    private final String range;
    /** The schema's integral bounds, {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} where it declares none. */
    private final long minimum;

    private final long maximum;

    private WholeNumbers(
            boolean integer,
            Map<String, WholeNumbers> properties,
            WholeNumbers otherProperties,
            WholeNumbers items,
            Optional<Long> minimum,
            Optional<Long> maximum) {
        this.integer = integer;
        this.range = range(minimum, maximum);
        this.minimum = minimum.orElse(Long.MIN_VALUE);
        this.maximum = maximum.orElse(Long.MAX_VALUE);
        this.properties = properties;
        this.otherProperties = otherProperties;
        this.items = items;
    }

    /**
     * @param schema a tool's input schema
     * @return where it declares integers, or empty when it declares none (the usual case: nothing to check)
     */
    static Optional<WholeNumbers> of(JsonNode schema) {
        return of(schema, schema, 0);
    }

    /** Follows local {@code $ref}s ({@code #/$defs/..}) this deep at most, so a recursive schema ends. */
    private static final int MAX_DEPTH = 16;

    private static Optional<WholeNumbers> of(JsonNode schema, JsonNode root, int depth) {
        if (schema == null || !schema.isObject() || depth > MAX_DEPTH) {
            return Optional.empty();
        }
        String ref = schema.path("$ref").asString("");
        if (ref.startsWith("#/")) {
            return of(root.at(ref.substring(1)), root, depth + 1);
        }
        Map<String, WholeNumbers> properties = new LinkedHashMap<>();
        schema.path("properties")
                .properties()
                .forEach(entry -> of(entry.getValue(), root, depth + 1)
                        .ifPresent(found -> properties.put(entry.getKey(), found)));
        WholeNumbers otherProperties =
                of(schema.get("additionalProperties"), root, depth + 1).orElse(null);
        WholeNumbers items = of(schema.get("items"), root, depth + 1).orElse(null);
        boolean integer = declaresInteger(schema.get("type"));
        if (!integer && properties.isEmpty() && otherProperties == null && items == null) {
            return Optional.empty();
        }
        return Optional.of(new WholeNumbers(
                integer,
                Map.copyOf(properties),
                otherProperties,
                items,
                bound(schema.get("minimum")),
                bound(schema.get("maximum"))));
    }

    /**
     * Adds a violation for every value declared an integer that is not a whole signed 64-bit number, or lies outside
     * the schema's own integral bounds: both named in one message, the range the schema allows (the JSON Schema
     * validator's own message would name only the bound crossed).
     *
     * @param value      the value (a parsed JSON value)
     * @param field      its dotted path, {@code ""} for the arguments object
     * @param violations where violations are added
     */
    void check(Object value, String field, List<ArgumentValidator.Violation> violations) {
        if (integer && value instanceof Number number && !withinRange(number)) {
            violations.add(new ArgumentValidator.Violation(field, "must be a whole number " + range));
        } else if (value instanceof Map<?, ?> map) {
            map.forEach((key, member) -> {
                WholeNumbers declared = properties.getOrDefault(String.valueOf(key), otherProperties);
                if (declared != null) {
                    declared.check(member, join(field, String.valueOf(key)), violations);
                }
            });
        } else if (value instanceof List<?> list && items != null) {
            for (int i = 0; i < list.size(); i++) {
                items.check(list.get(i), join(field, String.valueOf(i)), violations);
            }
        }
    }

    /**
     * The range as the schema states it: both bounds when it declares both, else the one it declares and the 64-bit
     * limit on the other side (a value past it cannot be held), else the 64-bit range.
     */
    static String range(Optional<Long> minimum, Optional<Long> maximum) {
        if (minimum.isPresent() && maximum.isPresent()) {
            return "from " + minimum.get() + " to " + maximum.get();
        }
        if (minimum.isPresent()) {
            return "of at least " + minimum.get() + " (the schema's minimum) and at most " + Long.MAX_VALUE
                    + " (the largest a tool can hold)";
        }
        if (maximum.isPresent()) {
            return "of at most " + maximum.get() + " (the schema's maximum) and at least " + Long.MIN_VALUE
                    + " (the smallest a tool can hold)";
        }
        return "from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE + " (what a tool can hold)";
    }

    private static Optional<Long> bound(JsonNode declared) {
        return declared != null && declared.isIntegralNumber() && declared.canConvertToLong()
                ? Optional.of(declared.longValue())
                : Optional.empty();
    }

    private boolean withinRange(Number number) {
        Optional<Long> whole = Arguments.exactLong(number);
        return whole.isPresent() && whole.get() >= minimum && whole.get() <= maximum;
    }

    private static boolean declaresInteger(JsonNode type) {
        if (type == null) {
            return false;
        }
        if (type.isArray()) {
            for (JsonNode each : type) {
                if ("integer".equals(each.asString(""))) {
                    return true;
                }
            }
            return false;
        }
        return "integer".equals(type.asString(""));
    }

    private static String join(String field, String name) {
        return field.isEmpty() ? name : field + "." + name;
    }
}
