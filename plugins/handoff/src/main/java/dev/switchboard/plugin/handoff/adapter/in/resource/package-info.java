/**
 * The driving resource adapter: handoffs as MCP resources {@code handoff://<project>/<sequence>}, so that clients can
 * attach a handoff to a conversation. Read-only; the text is the same framed rendering as
 * {@code frontispice_read_handoff}, body marked as untrusted data.
 */
package dev.switchboard.plugin.handoff.adapter.in.resource;
