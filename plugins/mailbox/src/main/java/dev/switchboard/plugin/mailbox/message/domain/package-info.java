/**
 * A message's facts and rules in plain Java: {@link dev.switchboard.plugin.mailbox.channel.domain.Message} with the
 * one "addressed to" predicate, the addressing rules of send_message, the value sets.
 */
package dev.switchboard.plugin.mailbox.message.domain;
