/** {@code GET /hook-status}: a role token's actionable counts. */
package dev.switchboard.plugin.mailbox.hook.adapter.in.http;
