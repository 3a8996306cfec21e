/**
 * The channel core every mailbox capability builds on: who calls ({@link
 * dev.switchboard.plugin.mailbox.channel.application.CallerResolver}), request keys, projections, listings, the
 * provenance note, and the refusals of rules.
 */
package dev.switchboard.plugin.mailbox.channel.application;
