/**
 * The import's driven adapters: {@link
 * dev.switchboard.plugin.mailbox.importer.adapter.out.persistence.SqliteSourceReader} reads the original's file over a
 * read-only SQLite JDBC connection; {@link
 * dev.switchboard.plugin.mailbox.importer.adapter.out.persistence.JooqImportStore} writes the mailbox's tables with
 * jOOQ inside the import's transaction.
 */
package dev.switchboard.plugin.mailbox.importer.adapter.out.persistence;
