-- Mailbox plugin, schema version 5, for SQLite: nothing changes. PostgreSQL's version 5 (ADR 73) replaces how its
-- trigram indexes' fold runs on PostgreSQL 14 to 16; SQLite's search is its FTS5 index, which folds by itself. This
-- version keeps the two dialects' versions equal (MailboxMigrations), with one statement that changes nothing.
SELECT 1;
