/**
 * The search's storage side: the trigram index of each dialect (SQLite FTS5 {@code MATCH}; PostgreSQL {@code LIKE} on
 * the pg_trgm-indexed, case-folded columns), both in {@link dev.switchboard.plugin.mailbox.search.domain.Ranking}'s
 * order, and the scan, in jOOQ without code generation.
 */
package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;
