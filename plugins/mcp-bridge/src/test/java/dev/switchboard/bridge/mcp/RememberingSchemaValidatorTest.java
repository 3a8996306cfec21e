package dev.switchboard.bridge.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;

class RememberingSchemaValidatorTest {

    private final AtomicInteger schemaChecks = new AtomicInteger();
    private final AtomicInteger dataChecks = new AtomicInteger();
    private final JsonSchemaValidator sdk = new DefaultJsonSchemaValidator();
    private final RememberingSchemaValidator validator = new RememberingSchemaValidator(new JsonSchemaValidator() {
        @Override
        public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
            dataChecks.incrementAndGet();
            return sdk.validate(schema, structuredContent);
        }

        @Override
        public ValidationResponse validateSchema(Map<String, Object> schema) {
            schemaChecks.incrementAndGet();
            return sdk.validateSchema(schema);
        }
    });

    @Test
    void anEqualSchemaIsCheckedAgainstTheMetaSchemaOnlyOnce() {
        validator.assertConforms("first", objectSchema("string"));
        validator.assertConforms("parsed again", objectSchema("string"));

        assertThat(schemaChecks).hasValue(1);
    }

    @Test
    void anInvalidSchemaIsRefusedEveryTimeWithTheSameReason() {
        Map<String, Object> broken = Map.of("type", 42);

        assertThatThrownBy(() -> validator.assertConforms("Tool 'x' inputSchema", broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Tool 'x' inputSchema");
        assertThatThrownBy(() -> validator.assertConforms("Tool 'x' inputSchema", new LinkedHashMap<>(broken)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Tool 'x' inputSchema");
        assertThat(schemaChecks).hasValue(1);
    }

    @Test
    void differentSchemasAreEachChecked() {
        validator.assertConforms("a", objectSchema("string"));
        validator.assertConforms("b", objectSchema("integer"));

        assertThat(schemaChecks).hasValue(2);
    }

    @Test
    void dataIsValidatedOnEveryCall() {
        Map<String, Object> schema = objectSchema("integer");

        assertThat(validator.validate(schema, Map.of("n", 1)).valid()).isTrue();
        assertThat(validator.validate(schema, Map.of("n", "one")).valid()).isFalse();
        assertThat(dataChecks).hasValue(2);
    }

    private static Map<String, Object> objectSchema(String fieldType) {
        return Map.of("type", "object", "properties", Map.of("n", Map.of("type", fieldType)), "required", List.of("n"));
    }
}
