-- Mailbox plugin, schema version 2, for SQLite (postgres/V2 is the same change). What the work rules read of a
-- message's history (work.domain.WorkTrail and the idle time of open_obligations) is kept on the message itself, so
-- channel_status, open_obligations and ready_work read indexed columns instead of aggregating every event of the
-- channel. A trigger on mailbox_event keeps the columns in the transaction that appends the event; the UPDATE below
-- fills them for the messages of a version-1 store.
--   setter_role, setter_seq         the last 'work_status:<v>' event whose v was the message's work_status when it
--                                   was appended (work_status is written before its event), or NULL
--   transition_role, transition_seq the last 'work_status:*' event of any value, or NULL
--   reopen_seq, resolve_seq,        the last 'reopen', 'resolve' and 'resolution_confirmed' events, or NULL
--   confirm_seq
--   moved_at                        the latest created_at of a transition, a resolve or a reopen, or NULL
ALTER TABLE mailbox_message ADD COLUMN setter_role TEXT;
ALTER TABLE mailbox_message ADD COLUMN setter_seq INTEGER;
ALTER TABLE mailbox_message ADD COLUMN transition_role TEXT;
ALTER TABLE mailbox_message ADD COLUMN transition_seq INTEGER;
ALTER TABLE mailbox_message ADD COLUMN reopen_seq INTEGER;
ALTER TABLE mailbox_message ADD COLUMN resolve_seq INTEGER;
ALTER TABLE mailbox_message ADD COLUMN confirm_seq INTEGER;
ALTER TABLE mailbox_message ADD COLUMN moved_at TEXT;

UPDATE mailbox_message SET
    setter_seq = (SELECT MAX(e.seq) FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
        AND e.message_id = mailbox_message.id AND e.event = 'work_status:' || mailbox_message.work_status),
    transition_seq = (SELECT MAX(e.seq) FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
        AND e.message_id = mailbox_message.id AND e.event LIKE 'work!_status:%' ESCAPE '!'),
    reopen_seq = (SELECT MAX(e.seq) FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
        AND e.message_id = mailbox_message.id AND e.event = 'reopen'),
    resolve_seq = (SELECT MAX(e.seq) FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
        AND e.message_id = mailbox_message.id AND e.event = 'resolve'),
    confirm_seq = (SELECT MAX(e.seq) FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
        AND e.message_id = mailbox_message.id AND e.event = 'resolution_confirmed'),
    moved_at = (SELECT MAX(e.created_at) FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
        AND e.message_id = mailbox_message.id
        AND (e.event LIKE 'work!_status:%' ESCAPE '!' OR e.event IN ('resolve', 'reopen')))
WHERE EXISTS (SELECT 1 FROM mailbox_event e WHERE e.channel_id = mailbox_message.channel_id
    AND e.message_id = mailbox_message.id);
UPDATE mailbox_message SET
    setter_role = (SELECT e.role FROM mailbox_event e WHERE e.seq = mailbox_message.setter_seq),
    transition_role = (SELECT e.role FROM mailbox_event e WHERE e.seq = mailbox_message.transition_seq)
WHERE transition_seq IS NOT NULL;

-- Each column keeps its latest event (by seq, and by time for moved_at), so events appended out of order (a copy of
-- a store) leave the same values.
CREATE TRIGGER mailbox_event_work_trail AFTER INSERT ON mailbox_event BEGIN
    UPDATE mailbox_message SET
        setter_role = CASE WHEN new.event = 'work_status:' || work_status AND new.seq > coalesce(setter_seq, 0)
            THEN new.role ELSE setter_role END,
        setter_seq = CASE WHEN new.event = 'work_status:' || work_status AND new.seq > coalesce(setter_seq, 0)
            THEN new.seq ELSE setter_seq END,
        transition_role = CASE WHEN new.event LIKE 'work!_status:%' ESCAPE '!'
            AND new.seq > coalesce(transition_seq, 0) THEN new.role ELSE transition_role END,
        transition_seq = CASE WHEN new.event LIKE 'work!_status:%' ESCAPE '!'
            AND new.seq > coalesce(transition_seq, 0) THEN new.seq ELSE transition_seq END,
        reopen_seq = CASE WHEN new.event = 'reopen' AND new.seq > coalesce(reopen_seq, 0)
            THEN new.seq ELSE reopen_seq END,
        resolve_seq = CASE WHEN new.event = 'resolve' AND new.seq > coalesce(resolve_seq, 0)
            THEN new.seq ELSE resolve_seq END,
        confirm_seq = CASE WHEN new.event = 'resolution_confirmed' AND new.seq > coalesce(confirm_seq, 0)
            THEN new.seq ELSE confirm_seq END,
        moved_at = CASE WHEN (new.event LIKE 'work!_status:%' ESCAPE '!' OR new.event IN ('resolve', 'reopen'))
            AND (moved_at IS NULL OR new.created_at > moved_at) THEN new.created_at ELSE moved_at END
    WHERE channel_id = new.channel_id AND id = new.message_id;
END;
