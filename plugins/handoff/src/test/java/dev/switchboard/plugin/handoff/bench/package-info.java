/**
 * The handoff plugin's benchmark (issue 4, "Proof"): durable publishes per second against the raw fsync-bound commit
 * rate of SQLite on the same disk, and {@code frontispice_list_updates} latency with 100,000 handoffs in a project.
 * A program with a {@code main}, not a test: speed is measured here and reported in {@code docs/performance.md},
 * never asserted.
 */
package dev.switchboard.plugin.handoff.bench;
