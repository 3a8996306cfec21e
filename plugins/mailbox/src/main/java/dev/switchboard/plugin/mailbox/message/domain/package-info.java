/**
 * The message capability's rules in plain Java: the addressing rules of send_message and the value sets (the message
 * itself, {@link dev.switchboard.plugin.mailbox.channel.domain.Message}, is the core's, as every capability reads it).
 */
package dev.switchboard.plugin.mailbox.message.domain;
