/**
 * The orientation use cases: one role's status snapshot (the counters, the numbers, the task lists and the ids behind
 * the actionable counters, shared with the waits), {@code channel_status} with its once-per-build notice, the roster
 * with presence, and the facts of the running build.
 */
package dev.switchboard.plugin.mailbox.orientation.application;
