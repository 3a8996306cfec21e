/** What every mailbox tool shares: how a result or refusal is answered ({@link
 * dev.switchboard.plugin.mailbox.channel.adapter.in.tool.Replies}). */
package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;
