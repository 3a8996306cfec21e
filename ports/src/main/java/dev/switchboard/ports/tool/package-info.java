/**
 * Tools: what a plugin contributes ({@link dev.switchboard.ports.tool.Tool}, bound into its module's tool set) and the
 * pieces a tool is written with
 * ({@link dev.switchboard.ports.tool.ToolDescriptor#builder(String)}, {@link dev.switchboard.ports.tool.ToolAnnotations},
 * {@link dev.switchboard.ports.tool.Arguments}, {@link dev.switchboard.ports.tool.Outcome} and
 * {@link dev.switchboard.ports.tool.Refusal}); and what a transport calls ({@link dev.switchboard.ports.tool.ToolCatalog},
 * {@link dev.switchboard.ports.tool.ToolInvoker}, implemented by the kernel).
 */
package dev.switchboard.ports.tool;
