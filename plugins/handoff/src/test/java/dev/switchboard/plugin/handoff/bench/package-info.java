/**
 * The handoff plugin's benchmark: durable publishes per second against the raw commit
 * rate of SQLite on the same disk and of a durable PostgreSQL on the same server, and
 * {@code frontispice_list_updates} latency with 100,000 handoffs in a project on both backends. A program with a
 * {@code main}, not a test: speed is measured here and reported in {@code docs/performance.md}, never asserted.
 */
package dev.switchboard.plugin.handoff.bench;
