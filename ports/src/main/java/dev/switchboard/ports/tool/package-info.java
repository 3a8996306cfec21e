/**
 * Tools: what a plugin contributes ({@link dev.switchboard.ports.tool.ToolProvider}, {@link
 * dev.switchboard.ports.tool.Tool}) and what a transport calls ({@link dev.switchboard.ports.tool.ToolCatalog}, {@link
 * dev.switchboard.ports.tool.ToolInvoker}, implemented by the kernel).
 */
package dev.switchboard.ports.tool;
