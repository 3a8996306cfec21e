-- Mailbox plugin, schema version 8, for SQLite (ADR 78): a second trigram index over the topics alone. Search ranks the
-- hits with a query term in their topic first (Ranking), so a query asks for every message whose topic holds a term;
-- in mailbox_message_fts a column filter reads the term's trigram lists over topics and bodies, the bodies' postings
-- ten times the topics', and cost more than the query's newest page itself. This index holds the topic column only,
-- under the same tokenizer (so the same matches as a topic : filter on mailbox_message_fts), external content (row id
-- = seq), live messages only, kept by triggers as mailbox_message_fts is. Nothing else changes.
CREATE VIRTUAL TABLE mailbox_message_topic_fts USING fts5 (
    topic, content = 'mailbox_message', content_rowid = 'seq', tokenize = 'trigram'
);
INSERT INTO mailbox_message_topic_fts (rowid, topic) SELECT seq, topic FROM mailbox_message WHERE deleted_at IS NULL;
CREATE TRIGGER mailbox_message_topic_fts_insert AFTER INSERT ON mailbox_message WHEN new.deleted_at IS NULL BEGIN
    INSERT INTO mailbox_message_topic_fts (rowid, topic) VALUES (new.seq, new.topic);
END;
CREATE TRIGGER mailbox_message_topic_fts_delete AFTER DELETE ON mailbox_message WHEN old.deleted_at IS NULL BEGIN
    INSERT INTO mailbox_message_topic_fts (mailbox_message_topic_fts, rowid, topic) VALUES ('delete', old.seq, old.topic);
END;
CREATE TRIGGER mailbox_message_topic_fts_update AFTER UPDATE OF topic, deleted_at ON mailbox_message BEGIN
    INSERT INTO mailbox_message_topic_fts (mailbox_message_topic_fts, rowid, topic)
    SELECT 'delete', old.seq, old.topic WHERE old.deleted_at IS NULL;
    INSERT INTO mailbox_message_topic_fts (rowid, topic)
    SELECT new.seq, new.topic WHERE new.deleted_at IS NULL;
END;
