/**
 * The workspace tools, one class each under the original rig-bridge names ({@code workspace_open}, {@code read},
 * {@code ls}, ...), each with its JSON Schema, bound into the plugin's tool set in {@code WorkspaceModule}. A tool reads
 * its arguments with {@code call.args()} and maps the use case's answer with {@code Results}.
 */
package dev.switchboard.plugin.workspace.adapter.in.tool;
