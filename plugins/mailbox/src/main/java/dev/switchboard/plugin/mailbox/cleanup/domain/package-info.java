/**
 * The one-off history cleanup in plain Java: which live messages the supersede rule would have retired had it existed
 * when their rounds settled (claims by a pin key, by a dead target, by a {@code #N} reference), how a pass is narrowed
 * by its arguments, and the preconditions of applying one. Immutable values and pure functions only.
 */
package dev.switchboard.plugin.mailbox.cleanup.domain;
