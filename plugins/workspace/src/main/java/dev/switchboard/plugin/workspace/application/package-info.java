/**
 * The workspace use cases, one class each ({@link dev.switchboard.plugin.workspace.application.OpenWorkspace},
 * {@link dev.switchboard.plugin.workspace.application.ReadFile}, ...), and the shared machinery they run on: the open
 * workspaces, path resolution and confinement, per-path locks (in-process and across processes), atomic replacement,
 * {@code .gitignore} rules, request keys with their retention, and the shutdown. Every use case answers an
 * {@link dev.switchboard.plugin.workspace.application.Answer} or throws
 * {@link dev.switchboard.plugin.workspace.domain.WorkspaceException}.
 */
package dev.switchboard.plugin.workspace.application;
