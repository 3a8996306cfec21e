package dev.switchboard.ports.tool;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What clients see of a tool in {@code tools/list}. Immutable and thread-safe. Plugins write one with
 * {@link #builder(String)}:
 *
 * <pre>{@code
 * ToolDescriptor.builder("notes_add")
 *         .title("Add a note")
 *         .description("Stores a note for later sessions. ... Returns the note's id.")
 *         .inputSchema(SCHEMA)
 *         .annotations(ToolAnnotations.writes())
 *         .build();
 * }</pre>
 *
 * @param name         the wire name; MUST match {@link #NAME_PATTERN} (stricter than MCP, because OpenAI and Gemini
 *                     function calling refuse dots and names over 64 characters)
 * @param title        a short human-readable title, or null
 * @param description  when an agent should use the tool, what it returns, and what it refuses
 * @param inputSchema  JSON Schema (draft 2020-12 unless {@code $schema} says otherwise) of the arguments object, as
 *                     JSON text whose root {@code type} is {@code object}
 * @param outputSchema JSON Schema of the result's structured content as JSON text, or null
 * @param annotations  behaviour hints, never null (use {@link ToolAnnotations#NONE})
 */
public record ToolDescriptor(
        String name,
        String title,
        String description,
        String inputSchema,
        String outputSchema,
        ToolAnnotations annotations) {

    /** The input schema of a tool that takes no arguments: an object with no properties, nothing else allowed. */
    public static final String NO_ARGUMENTS = """
            {"type": "object", "properties": {}, "additionalProperties": false}""";

    /** The pattern every tool name must match. */
    public static final Pattern NAME_PATTERN = Pattern.compile("^[a-z][a-z0-9_]{0,63}$");

    /**
     * @throws NullPointerException     if {@code name}, {@code description}, {@code inputSchema} or {@code annotations}
     *                                  is null
     * @throws IllegalArgumentException if {@code name} does not match {@link #NAME_PATTERN}
     */
    public ToolDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(inputSchema, "inputSchema");
        Objects.requireNonNull(annotations, "annotations");
        if (!NAME_PATTERN.matcher(name).matches()) {
            throw new IllegalArgumentException("tool name '" + name + "' must match " + NAME_PATTERN.pattern());
        }
    }

    /**
     * @param newName the name to use instead, for example with an operator's prefix
     * @return this descriptor under another name
     * @throws IllegalArgumentException if {@code newName} does not match {@link #NAME_PATTERN}
     */
    public ToolDescriptor withName(String newName) {
        return new ToolDescriptor(newName, title, description, inputSchema, outputSchema, annotations);
    }

    /**
     * @param name the wire name
     * @return a builder with no title, no output schema, {@link #NO_ARGUMENTS} as input schema and
     *         {@link ToolAnnotations#NONE}; {@link Builder#description(String)} is required
     */
    public static Builder builder(String name) {
        return new Builder(name, null, null, NO_ARGUMENTS, null, ToolAnnotations.NONE);
    }

    /**
     * The named steps to a {@link ToolDescriptor}. Immutable: every step returns a new builder, so a partly built one
     * can be shared. Thread-safe. The components mean what they mean on {@link ToolDescriptor}.
     *
     * @param name         the wire name
     * @param title        a short human-readable title, or null
     * @param description  when to use the tool, what it returns and refuses; null until set
     * @param inputSchema  the arguments' JSON Schema as JSON text
     * @param outputSchema the structured content's JSON Schema as JSON text, or null
     * @param annotations  behaviour hints
     */
    public record Builder(
            String name,
            String title,
            String description,
            String inputSchema,
            String outputSchema,
            ToolAnnotations annotations) {

        /**
         * @param newTitle a short human-readable title
         * @return this builder with the title
         */
        public Builder title(String newTitle) {
            return new Builder(name, newTitle, description, inputSchema, outputSchema, annotations);
        }

        /**
         * @param newDescription when an agent should use the tool, what it returns and what it refuses
         * @return this builder with the description
         */
        public Builder description(String newDescription) {
            return new Builder(name, title, newDescription, inputSchema, outputSchema, annotations);
        }

        /**
         * @param newInputSchema the arguments' JSON Schema as JSON text, root {@code type} {@code object}
         * @return this builder with the input schema
         */
        public Builder inputSchema(String newInputSchema) {
            return new Builder(name, title, description, newInputSchema, outputSchema, annotations);
        }

        /**
         * @param newOutputSchema the structured content's JSON Schema as JSON text
         * @return this builder with the output schema
         */
        public Builder outputSchema(String newOutputSchema) {
            return new Builder(name, title, description, inputSchema, newOutputSchema, annotations);
        }

        /**
         * @param newAnnotations behaviour hints, such as {@code ToolAnnotations.writes().idempotent()}
         * @return this builder with the hints
         */
        public Builder annotations(ToolAnnotations newAnnotations) {
            return new Builder(name, title, description, inputSchema, outputSchema, newAnnotations);
        }

        /**
         * @return the descriptor
         * @throws NullPointerException     if the description, input schema or annotations are missing
         * @throws IllegalArgumentException if the name does not match {@link #NAME_PATTERN}
         */
        public ToolDescriptor build() {
            return new ToolDescriptor(name, title, description, inputSchema, outputSchema, annotations);
        }
    }
}
