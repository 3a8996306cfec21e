/**
 * Moving a database from one storage backend to another ({@code switchboard storage copy --to postgres}): one read
 * snapshot of the source, the target's schema created by each plugin's own migrations, rows copied table by table over
 * plain JDBC, identity counters reset, and row counts and content checksums compared before the target commits. Only
 * {@code java.sql} and the ports: no driver, jOOQ or backend type.
 */
package dev.switchboard.kernel.storage;
