/** The workspace's state for the owner's board, through {@code ports.summary} (ADR 28, ADR 67). */
package dev.switchboard.plugin.workspace.adapter.in.summary;
