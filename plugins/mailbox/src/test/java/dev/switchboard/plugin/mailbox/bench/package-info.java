/**
 * The mailbox's performance benchmarks: {@code channel_status} with 10,000 open obligations,
 * durable {@code send_message} throughput against the backend's raw commit rate, and {@code wait_for_mail} wake
 * latency, on both backends. Programs with a {@code main}, not tests: speed is measured here and reported in
 * {@code docs/performance.md}, never asserted.
 */
package dev.switchboard.plugin.mailbox.bench;
