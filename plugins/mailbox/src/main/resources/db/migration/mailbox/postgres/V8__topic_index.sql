-- Mailbox plugin, schema version 8, for PostgreSQL: nothing changes. SQLite's version 8 (ADR 78) adds an FTS5 index
-- over the topics alone for search's first group; PostgreSQL's trigram indexes already hold the topic alone
-- (mailbox_message_topic_trgm). This version keeps the two dialects' versions equal (MailboxMigrations), with one
-- statement that changes nothing.
SELECT 1;
