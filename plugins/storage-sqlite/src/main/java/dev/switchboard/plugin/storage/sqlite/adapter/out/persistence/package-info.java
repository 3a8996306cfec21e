/**
 * SQLite persistence behind {@link dev.switchboard.ports.storage.SqlStorage}: owner-only database files, one
 * serialised writer connection with group commit, fresh reader connections, and the per-owner migration runner. jOOQ
 * and the SQLite driver are used here and nowhere else; only {@link SqliteSqlStorage} is visible outside the package.
 */
package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;
