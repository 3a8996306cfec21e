/**
 * SQLite persistence behind {@link dev.switchboard.ports.storage.SqlStorage}: owner-only database files, one
 * serialised writer connection with group commit, fresh reader connections, and the per-owner migration runner. The
 * SQLite driver is used here and nowhere else, through plain JDBC: jOOQ stays off the start path, which runs the
 * migration bookkeeping; only {@link SqliteSqlStorage} is visible outside the package.
 */
package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;
