package dev.switchboard.ports.tool;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What clients see of a tool in {@code tools/list}. Immutable and thread-safe.
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
public record ToolDescriptor(String name, String title, String description, String inputSchema, String outputSchema,
                             ToolAnnotations annotations) {

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
            throw new IllegalArgumentException(
                    "tool name '" + name + "' must match " + NAME_PATTERN.pattern());
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
}
