/**
 * What every mailbox tool shares: its shape ({@link dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool}:
 * the descriptor, listing only to a caller with a role, the caller resolved from the server, then the answer), how a
 * result or refusal is answered (package-private {@code Replies}), and the deferral of every tool to its first call
 * ({@link dev.switchboard.plugin.mailbox.channel.adapter.in.tool.DeferredTool}).
 */
package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;
