/**
 * The rules of orientation, in plain Java: the actionable counters (the one set the stop hook, waits and status
 * share), the ids behind them, the task lists of {@code channel_status} with their entry shapes, and which
 * {@code whats_new} entries a role has not been shown. Immutable values and pure functions.
 */
package dev.switchboard.plugin.mailbox.orientation.domain;
