/**
 * The driving tool adapter: one {@code <Verb><Noun>Tool} per MCP tool, each with its JSON Schema as a text block and
 * the original Frontispice wire name, each bound into the plugin's tool set in {@code HandoffModule}. The kernel
 * validates arguments against the schemas before a tool runs; a tool reads them with {@code call.args()}, turns them
 * into a use-case call and the use case's
 * {@link dev.switchboard.plugin.handoff.application.Outcome} into a {@code ToolResult}: readable text plus structured
 * content on success, a stable error code on refusal.
 */
package dev.switchboard.plugin.handoff.adapter.in.tool;
