/**
 * What the channel core needs from storage: transactions ({@link
 * dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions}, {@link
 * dev.switchboard.plugin.mailbox.channel.application.port.out.Tx}), channel rows, request-key receipts, presence.
 */
package dev.switchboard.plugin.mailbox.channel.application.port.out;
