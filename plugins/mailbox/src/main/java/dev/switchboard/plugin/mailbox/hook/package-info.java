/**
 * The mailbox's hooks and status CLI: {@code GET /hook-status} for a role token, {@code switchboard hook
 * session-start|stop} (Claude Code's hook protocol), {@code hook print-config} and {@code switchboard status}, on the local store or
 * a hosted server. The actionable counts are the orientation capability's ({@code StatusCounts.actionable()}).
 */
package dev.switchboard.plugin.mailbox.hook;
