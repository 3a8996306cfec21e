/**
 * What every mailbox tool shares: its shape ({@link dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool}:
 * the descriptor, listing only to a caller with a role, the caller resolved from the server, then the answer), how a
 * result or refusal is answered (package-private {@code Replies}), and who the channel tools are listed to before the
 * kernel builds them on their first call ({@link dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelAudience}).
 */
package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;
