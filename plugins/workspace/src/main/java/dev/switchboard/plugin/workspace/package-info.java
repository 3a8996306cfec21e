/**
 * The workspace feature plugin: an assistant opens a directory on the owner's computer, reads and lists files, and
 * writes and edits them with revision checks; every mutation carries a request key so that a retry after a timeout or
 * crash never runs twice. The tools keep the names of the original rig-bridge server.
 *
 * <p>Read it in this order: {@link dev.switchboard.plugin.workspace.WorkspaceModule}, the {@code domain} (revisions,
 * the edit algorithm, text layout), the {@code application} use cases and their {@code port.out}, then the adapters:
 * {@code adapter.in.tool} (the MCP tools), {@code adapter.in.lifecycle} (start, shutdown and the doctor's report) and
 * {@code adapter.out.persistence} (receipts over the kernel's storage).
 */
package dev.switchboard.plugin.workspace;
