/**
 * The channel core's rules in plain Java: the limits of the original, the one time format, and what
 * every capability shares: the message and its recipients, the actionable counters, their ids and the watch over
 * them, and a hosted roster's addressing rules.
 */
package dev.switchboard.plugin.mailbox.channel.domain;
