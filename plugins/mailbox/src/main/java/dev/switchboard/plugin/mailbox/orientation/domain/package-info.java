/**
 * The rules of orientation, in plain Java: the task lists of {@code channel_status} with their entry shapes, and which
 * {@code whats_new} entries a role has not been shown (the actionable counters and their ids, which the stop hook,
 * waits and status share, are the core's). Immutable values and pure functions.
 */
package dev.switchboard.plugin.mailbox.orientation.domain;
