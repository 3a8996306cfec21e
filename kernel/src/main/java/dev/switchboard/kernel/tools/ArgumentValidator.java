package dev.switchboard.kernel.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.ValidationLimitExceededException;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.ports.tool.Echo;

/**
 * Compiles tool input schemas and validates arguments against them with the networknt JSON Schema validator
 * (draft 2020-12 unless the schema's {@code $schema} names another), and checks that every value the schema declares
 * an integer is a whole number in the signed 64-bit range (JSON Schema alone accepts {@code 1e20} and
 * {@code 18446744073709551618}, which a handler could only wrap or saturate). The work is bounded whatever the
 * client sends: at most {@value #REPORTED} violations are reported per call, followed by one that counts the rest;
 * validation stops once {@value #STOP_AFTER} violations were found, and after {@value #MAX_STEPS} evaluation steps (a
 * message of the transports' largest size needs far fewer). Thread-safe.
 */
public final class ArgumentValidator {

    /** Violations reported per call; the rest are counted in one more. */
    static final int REPORTED = 5;
    /** Violations after which validation stops: the count in the answer is then a lower bound. */
    static final int STOP_AFTER = 1_000;
    /** Evaluation steps after which validation stops and the arguments are refused as too complex. */
    static final long MAX_STEPS = 20_000_000L;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    /**
     * A compiled schema. Thread-safe. Remembers the verdict on an empty arguments object (the most frequent call
     * shape: {@code server_info}, list and status tools), which then needs no conversion or validation.
     */
    public static final class Compiled {
        private final Schema schema;
        /** Where the schema declares integers, or null when it declares none. */
        private final WholeNumbers wholeNumbers;

        private volatile List<Violation> emptyVerdict;

        private Compiled(Schema schema, WholeNumbers wholeNumbers) {
            this.schema = schema;
            this.wholeNumbers = wholeNumbers;
        }
    }

    /** One violation: the argument it concerns ({@code ""} for the arguments object itself) and what is wrong. */
    public record Violation(String field, String message) {}

    /**
     * @param toolName   the tool, for the error message
     * @param schemaJson the input schema as JSON text
     * @return the compiled schema
     * @throws InvalidToolSchemaException if the text is not JSON, not an object schema, or not a valid schema
     */
    public Compiled compile(String toolName, String schemaJson) {
        try {
            JsonNode node = JSON.readTree(schemaJson);
            if (!node.isObject() || !"object".equals(node.path("type").asString(""))) {
                throw new InvalidToolSchemaException(toolName, "the root must be an object schema with type object");
            }
            return new Compiled(registry.getSchema(node), WholeNumbers.of(node).orElse(null));
        } catch (JacksonException | com.networknt.schema.SchemaException e) {
            throw new InvalidToolSchemaException(toolName, e.getMessage());
        }
    }

    /**
     * @param compiled  the tool's schema
     * @param arguments the arguments object
     * @return the violations, empty when valid
     */
    public List<Violation> validate(Compiled compiled, Map<String, Object> arguments) {
        if (arguments.isEmpty()) {
            List<Violation> verdict = compiled.emptyVerdict;
            if (verdict == null) {
                verdict = List.copyOf(check(compiled, arguments));
                compiled.emptyVerdict = verdict;
            }
            return verdict;
        }
        return check(compiled, arguments);
    }

    private static List<Violation> check(Compiled compiled, Map<String, Object> arguments) {
        List<Violation> violations = new ArrayList<>();
        if (compiled.wholeNumbers != null) {
            // First: the validator's minimum/maximum checks themselves fail on a double past 64 bits (1e20).
            compiled.wholeNumbers.check(arguments, "", violations);
            if (!violations.isEmpty()) {
                return capped(violations);
            }
        }
        JsonNode instance = JSON.valueToTree(arguments);
        ViolationList found = new ViolationList(REPORTED, STOP_AFTER);
        try {
            compiled.schema.validate(instance, context -> {
                context.setErrors(found);
                context.executionConfig(config -> config.maxEvaluationSteps(MAX_STEPS));
            });
        } catch (ViolationList.Enough e) {
            // enough found; reported below
        } catch (ValidationLimitExceededException e) {
            return List.of(new Violation(
                    "", "the arguments are too large or too deeply nested to validate; send" + " smaller arguments"));
        } catch (JacksonException e) {
            // The validator could not convert a value to compare it (a number past 64 bits where the check above
            // does not reach, inside anyOf): the value is unusable, not the server.
            return List.of(
                    new Violation("", "a value cannot be checked against the schema: " + e.getOriginalMessage()));
        }
        for (Error error : found.kept()) {
            violations.add(echoCapped(fieldOf(error), error));
        }
        if (found.omitted() > 0) {
            violations.add(new Violation(
                    "",
                    (found.stopped() ? "and at least " : "and ") + found.omitted()
                            + " more violations not listed (the first " + REPORTED + " are)"));
        }
        return violations;
    }

    /** @return the first {@value #REPORTED} violations, and one that counts the rest when there are more */
    private static List<Violation> capped(List<Violation> violations) {
        if (violations.size() <= REPORTED) {
            return violations;
        }
        List<Violation> reported = new ArrayList<>(violations.subList(0, REPORTED));
        reported.add(new Violation(
                "",
                "and " + (violations.size() - REPORTED) + " more violations not listed (the" + " first " + REPORTED
                        + " are)"));
        return reported;
    }

    /**
     * @param violations violations from {@link #validate}
     * @return the details object of an {@code INVALID_ARGUMENTS} failure
     */
    static Map<String, Object> details(List<Violation> violations) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", violations.get(0).field());
        details.put(
                "violations",
                violations.stream()
                        .map(v -> Map.<String, Object>of("field", v.field(), "message", v.message()))
                        .toList());
        return details;
    }

    /**
     * The violation with the client's own names cut to {@link Echo#MAX_CODE_POINTS}: an unknown or missing property's
     * name appears in both the field and the message, and a client may send a name of any length.
     */
    private static Violation echoCapped(String field, Error error) {
        String message = error.getMessage();
        String property = error.getProperty();
        if (property != null && !Echo.of(property).equals(property)) {
            message = message.replace(property, Echo.of(property));
            field = field.replace(property, Echo.of(property));
        }
        return new Violation(Echo.of(field), message);
    }

    /** The offending argument as a dotted path ({@code options.limit}), from a JSON Pointer or JSONPath location. */
    private static String fieldOf(Error error) {
        String location = String.valueOf(error.getInstanceLocation());
        String field = location.startsWith("$") ? location.substring(1) : location;
        field = field.replace('/', '.');
        field = field.startsWith(".") ? field.substring(1) : field;
        if (error.getProperty() != null
                && ("required".equals(error.getKeyword()) || "additionalProperties".equals(error.getKeyword()))) {
            field = field.isEmpty() ? error.getProperty() : field + "." + error.getProperty();
        }
        return field;
    }
}
