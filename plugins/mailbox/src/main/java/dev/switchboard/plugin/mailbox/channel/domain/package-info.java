/**
 * The channel core's rules in plain Java: the limits of the original, the one time format, and {@link
 * dev.switchboard.plugin.mailbox.channel.domain.Problem}, the refusals every capability's rules return.
 */
package dev.switchboard.plugin.mailbox.channel.domain;
