/**
 * The search benchmark: {@code search_messages} latency over 100,000 messages on both backends.
 * A program with a {@code main}, not a test: speed is measured here and reported in {@code docs/performance.md},
 * never asserted.
 */
package dev.switchboard.plugin.mailbox.search.bench;
