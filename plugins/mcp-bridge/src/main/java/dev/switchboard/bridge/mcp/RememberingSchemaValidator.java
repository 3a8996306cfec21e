package dev.switchboard.bridge.mcp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

/**
 * The SDK's schema validator, remembering its verdict on each tool schema. A tool schema is checked against the
 * JSON Schema 2020-12 meta-schema twice per server assembly (by {@link ToolSpecs}, which leaves a bad tool out, and
 * again by the SDK's builder) and once more for every further assembly (each streamable HTTP session assembles its
 * own server); the schemas are the same, the verdict too. Verdicts are kept per schema, compared by value (tool
 * schemas are parsed JSON, never changed afterwards), for at most {@value #MAX_REMEMBERED} schemas; beyond that a
 * schema is checked every time. Validating data against a schema is passed on, structured content a tool wrote once
 * parsed first ({@link WrittenContent#readable}). Thread-safe.
 */
final class RememberingSchemaValidator implements JsonSchemaValidator {

    /** Far more schemas than any catalog holds; bounds the memory a catalog that keeps changing could take. */
    static final int MAX_REMEMBERED = 4096;

    private final JsonSchemaValidator delegate;
    private final Map<Map<String, Object>, ValidationResponse> verdicts = new ConcurrentHashMap<>();

    RememberingSchemaValidator(JsonSchemaValidator delegate) {
        this.delegate = delegate;
    }

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return delegate.validate(schema, WrittenContent.readable(structuredContent));
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        if (schema == null) {
            return delegate.validateSchema(null);
        }
        ValidationResponse known = verdicts.get(schema);
        if (known != null) {
            return known;
        }
        ValidationResponse verdict = delegate.validateSchema(schema);
        if (verdicts.size() < MAX_REMEMBERED) {
            verdicts.putIfAbsent(schema, verdict);
        }
        return verdict;
    }
}
