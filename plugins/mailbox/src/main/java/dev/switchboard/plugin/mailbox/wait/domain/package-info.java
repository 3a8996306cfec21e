/**
 * The rules of waiting, in plain Java: the bounds of {@code timeout_s} and {@code poll_interval_s}, the effective
 * cap (what counts as new mail, a new id in an actionable counter, is the core's {@code MailWatch}). Immutable values
 * and pure functions; the waiting itself is the application's.
 */
package dev.switchboard.plugin.mailbox.wait.domain;
