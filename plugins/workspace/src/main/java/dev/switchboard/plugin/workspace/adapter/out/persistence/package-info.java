/**
 * Durable request-key receipts through jOOQ over the kernel's {@code SqlStorage}, and the plugin's migrations
 * ({@code db/migration/workspace}); tables are prefixed {@code workspace_}.
 */
package dev.switchboard.plugin.workspace.adapter.out.persistence;
