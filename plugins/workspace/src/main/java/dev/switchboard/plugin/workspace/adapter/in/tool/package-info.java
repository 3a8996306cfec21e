/**
 * The workspace tools, one class each under the original rig-bridge names ({@code workspace_open}, {@code read},
 * {@code ls}, ...), each with its JSON Schema, and
 * {@link dev.switchboard.plugin.workspace.adapter.in.tool.WorkspaceTools}, the extension that contributes them.
 */
package dev.switchboard.plugin.workspace.adapter.in.tool;
