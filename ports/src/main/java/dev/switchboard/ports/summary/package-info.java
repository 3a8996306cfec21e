/**
 * State summaries: how a feature plugin shows the server's owner a read-only overview of its state, and tells a
 * session what is actionable for it, without another plugin importing its classes. A plugin contributes a
 * {@link dev.switchboard.ports.summary.StateSummary} extension (handoff: every project's latest sequence, each
 * consumer's cursor and what is pending for it; a configured consumer's pending handoffs); a plugin that shows or
 * counts them injects {@link dev.switchboard.ports.summary.StateSummaries}, which the kernel implements (the mailbox's
 * board index, its {@code status} command and stop hook). See ADR 28.
 */
package dev.switchboard.ports.summary;
