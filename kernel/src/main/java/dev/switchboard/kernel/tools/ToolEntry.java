package dev.switchboard.kernel.tools;

import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * A tool in the catalog.
 *
 * @param owner      the id of the plugin that contributed it ({@code kernel} for core tools)
 * @param descriptor its descriptor under its final wire name
 * @param tool       the implementation
 * @param schema     its compiled input schema
 */
record ToolEntry(String owner, ToolDescriptor descriptor, Tool tool, ArgumentValidator.Compiled schema) {}
