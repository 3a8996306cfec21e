-- Mailbox plugin, schema version 2, for PostgreSQL (sqlite/V2 is the same change; read its comments). What the work rules read of a
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
ALTER TABLE mailbox_message
    ADD COLUMN setter_role     TEXT COLLATE "C",
    ADD COLUMN setter_seq      BIGINT,
    ADD COLUMN transition_role TEXT COLLATE "C",
    ADD COLUMN transition_seq  BIGINT,
    ADD COLUMN reopen_seq      BIGINT,
    ADD COLUMN resolve_seq     BIGINT,
    ADD COLUMN confirm_seq     BIGINT,
    ADD COLUMN moved_at        TEXT COLLATE "C";

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
CREATE FUNCTION mailbox_event_work_trail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE mailbox_message SET
        setter_role = CASE WHEN NEW.event = 'work_status:' || work_status AND NEW.seq > coalesce(setter_seq, 0)
            THEN NEW.role ELSE setter_role END,
        setter_seq = CASE WHEN NEW.event = 'work_status:' || work_status AND NEW.seq > coalesce(setter_seq, 0)
            THEN NEW.seq ELSE setter_seq END,
        transition_role = CASE WHEN NEW.event LIKE 'work!_status:%' ESCAPE '!'
            AND NEW.seq > coalesce(transition_seq, 0) THEN NEW.role ELSE transition_role END,
        transition_seq = CASE WHEN NEW.event LIKE 'work!_status:%' ESCAPE '!'
            AND NEW.seq > coalesce(transition_seq, 0) THEN NEW.seq ELSE transition_seq END,
        reopen_seq = CASE WHEN NEW.event = 'reopen' AND NEW.seq > coalesce(reopen_seq, 0)
            THEN NEW.seq ELSE reopen_seq END,
        resolve_seq = CASE WHEN NEW.event = 'resolve' AND NEW.seq > coalesce(resolve_seq, 0)
            THEN NEW.seq ELSE resolve_seq END,
        confirm_seq = CASE WHEN NEW.event = 'resolution_confirmed' AND NEW.seq > coalesce(confirm_seq, 0)
            THEN NEW.seq ELSE confirm_seq END,
        moved_at = CASE WHEN (NEW.event LIKE 'work!_status:%' ESCAPE '!' OR NEW.event IN ('resolve', 'reopen'))
            AND (moved_at IS NULL OR NEW.created_at > moved_at) THEN NEW.created_at ELSE moved_at END
    WHERE channel_id = NEW.channel_id AND id = NEW.message_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER mailbox_event_work_trail AFTER INSERT ON mailbox_event
    FOR EACH ROW EXECUTE FUNCTION mailbox_event_work_trail();
