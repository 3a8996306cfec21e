/**
 * The search's storage side: the trigram index of each dialect (SQLite FTS5 {@code MATCH} with bm25; PostgreSQL
 * {@code LIKE} on the pg_trgm-indexed, case-folded columns) and the scan, in jOOQ without code generation.
 */
package dev.switchboard.plugin.mailbox.search.adapter.out.persistence;
