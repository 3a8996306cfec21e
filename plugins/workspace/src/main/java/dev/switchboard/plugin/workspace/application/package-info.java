/**
 * The workspace use cases, one class each ({@link dev.switchboard.plugin.workspace.application.OpenWorkspace},
 * {@link dev.switchboard.plugin.workspace.application.ReadFile}, ...), and the shared machinery they run on: the open
 * workspaces, path resolution, per-path locks, atomic replacement and request keys. Every use case answers an
 * {@link dev.switchboard.plugin.workspace.application.Answer} or throws
 * {@link dev.switchboard.plugin.workspace.domain.WorkspaceException}.
 */
package dev.switchboard.plugin.workspace.application;
