/**
 * The direct path of {@code switchboard hook stop|session-start} and {@code switchboard status} (ADR 25): a main on a
 * minimal class path that reads the configuration with the kernel's reader and runs the mailbox's hook commands on a
 * read-only store or one HTTP request, and hands every case it cannot answer exactly to the full path.
 */
package dev.switchboard.hooks;
