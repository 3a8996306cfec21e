-- Mailbox plugin, schema version 1, for SQLite (postgres/V1 has the same tables, keys and rules). The facts follow
-- ai-agent-channel's channel database (seed-features §1C.3), with every channel in one store: a channel is a row, and
-- every other table is keyed by channel_id. Message and upload ids are per channel, start at 1 and are allocated from
-- the channel row inside the writing transaction, so '#412' means the same message after an import.
-- Times are UTC text 'yyyy-MM-ddTHH:mm:ss.SSSZ' (fixed width, so string order is time order). JSON values (lists of
-- roles, addenda) are text. Booleans are 0/1 integers.
-- The mailbox is unreleased: until its first release this file may still change; after that a change is a new file.

-- Channels. A local (stdio) channel has roles = NULL (the roster is inferred from messages); a hosted channel lists
-- its 2..12 roles as a JSON array. A deleted channel keeps its row, so its name is never reused.
CREATE TABLE mailbox_channel (
    channel_id      INTEGER PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    roles           TEXT,
    created_at      TEXT    NOT NULL,
    deleted_at      TEXT,
    next_message_id INTEGER NOT NULL DEFAULT 1 CHECK (next_message_id >= 1),
    next_upload_id  INTEGER NOT NULL DEFAULT 1 CHECK (next_upload_id >= 1)
);

-- Messages. seq is a store-wide surrogate (the search index's row id); (channel_id, id) is the message's identity.
-- to_role is the wire 'to' of a one-recipient message, or '*' for a multi-recipient one; mailbox_recipient has a row
-- for every recipient of every message and holds the read state.
CREATE TABLE mailbox_message (
    seq                INTEGER PRIMARY KEY,
    channel_id         INTEGER NOT NULL REFERENCES mailbox_channel (channel_id),
    id                 INTEGER NOT NULL CHECK (id >= 1),
    from_role          TEXT    NOT NULL,
    to_role            TEXT    NOT NULL,
    topic              TEXT    NOT NULL,
    body               TEXT    NOT NULL,
    body_ref           INTEGER,
    action_required    INTEGER NOT NULL DEFAULT 0 CHECK (action_required IN (0, 1)),
    reply_to           INTEGER,
    created_at         TEXT    NOT NULL,
    status             TEXT    CHECK (status IN ('open', 'resolved')),
    resolved_by        TEXT,
    resolved_at        TEXT,
    resolution_note    TEXT,
    kind               TEXT    CHECK (kind IN ('bug', 'feat', 'proc', 'status', 'question', 'answer')),
    work_status        TEXT    CHECK (work_status IN ('proposed', 'in_progress', 'done_local', 'needs_you', 'done', 'blocked')),
    deleted_at         TEXT,
    pin_key            TEXT,
    about_message_id   INTEGER,
    voters             TEXT,
    superseded_at      TEXT,
    addenda            TEXT,
    decision_requested INTEGER NOT NULL DEFAULT 1 CHECK (decision_requested IN (0, 1)),
    revised_at         TEXT,
    UNIQUE (channel_id, id)
);
CREATE INDEX mailbox_message_reply_to ON mailbox_message (channel_id, reply_to);
CREATE INDEX mailbox_message_pin_key ON mailbox_message (channel_id, pin_key);
CREATE INDEX mailbox_message_about ON mailbox_message (channel_id, about_message_id);
CREATE INDEX mailbox_message_open ON mailbox_message (channel_id, status, action_required);

-- One row per recipient of a message: delivery (opened_at, set by read_inbox) and read state (read_at, set only by
-- mark_read) are per recipient.
CREATE TABLE mailbox_recipient (
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    to_role    TEXT    NOT NULL,
    read_at    TEXT,
    opened_at  TEXT,
    PRIMARY KEY (channel_id, message_id, to_role),
    FOREIGN KEY (channel_id, message_id) REFERENCES mailbox_message (channel_id, id)
);
CREATE INDEX mailbox_recipient_inbox ON mailbox_recipient (channel_id, to_role, read_at);

-- Blockers of a task in work_status 'blocked' (one or several; the original allowed one).
CREATE TABLE mailbox_blocker (
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    blocker_id INTEGER NOT NULL,
    PRIMARY KEY (channel_id, message_id, blocker_id),
    FOREIGN KEY (channel_id, message_id) REFERENCES mailbox_message (channel_id, id)
);
CREATE INDEX mailbox_blocker_by ON mailbox_blocker (channel_id, blocker_id);

-- Acknowledgements: one row per (message, role); a later different decision overwrites. A vote is stale (quenched)
-- when the message's revised_at is later than the vote's created_at.
CREATE TABLE mailbox_ack (
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    role       TEXT    NOT NULL,
    decision   TEXT    NOT NULL CHECK (decision IN ('agree', 'reject', 'needs_changes', 'void')),
    note       TEXT,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (channel_id, message_id, role),
    FOREIGN KEY (channel_id, message_id) REFERENCES mailbox_message (channel_id, id)
);

-- The audit trail of state changes, oldest first by seq.
CREATE TABLE mailbox_event (
    seq        INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    event      TEXT    NOT NULL,
    role       TEXT    NOT NULL,
    note       TEXT,
    created_at TEXT    NOT NULL,
    pin_keys   TEXT,
    FOREIGN KEY (channel_id, message_id) REFERENCES mailbox_message (channel_id, id)
);
CREATE INDEX mailbox_event_message ON mailbox_event (channel_id, message_id, seq);

-- Pinned documents: append-only versions; history order (seq) is authoritative, a version label is not unique.
CREATE TABLE mailbox_pin (
    seq               INTEGER PRIMARY KEY,
    channel_id        INTEGER NOT NULL REFERENCES mailbox_channel (channel_id),
    pin_key           TEXT    NOT NULL,
    title             TEXT    NOT NULL,
    body              TEXT    NOT NULL,
    version           TEXT    NOT NULL,
    updated_by        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL,
    approved_by       INTEGER,
    body_sha256       TEXT    NOT NULL,
    body_length_bytes INTEGER NOT NULL,
    body_length_chars INTEGER NOT NULL,
    sensitive_override TEXT -- pin: JSON rule ids the secret guardrail let through, or NULL
);
CREATE INDEX mailbox_pin_key ON mailbox_pin (channel_id, pin_key, seq);

-- Uploads (large bodies): appended by their owner until sealed; only a sealed upload can be a body_ref.
CREATE TABLE mailbox_upload (
    channel_id   INTEGER NOT NULL REFERENCES mailbox_channel (channel_id),
    id           INTEGER NOT NULL CHECK (id >= 1),
    role         TEXT    NOT NULL,
    label        TEXT,
    body         TEXT    NOT NULL,
    sealed       INTEGER NOT NULL DEFAULT 0 CHECK (sealed IN (0, 1)),
    sha256       TEXT,
    length_bytes INTEGER NOT NULL DEFAULT 0,
    length_chars INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT    NOT NULL,
    sealed_at    TEXT,
    sensitive_override TEXT, -- upload: JSON rule ids the secret guardrail let through, or NULL
    PRIMARY KEY (channel_id, id)
);

-- Per role and channel: presence (last tool call) and the newest build whose whats_new the role has been shown.
CREATE TABLE mailbox_role_state (
    channel_id INTEGER NOT NULL REFERENCES mailbox_channel (channel_id),
    role       TEXT    NOT NULL,
    last_seen  TEXT,
    seen_build TEXT,
    PRIMARY KEY (channel_id, role)
);

-- Request keys of writing tools: the first result of a (channel, role, tool, key) is replayed for the same
-- arguments (args_sha256 over the canonical arguments without request_key) and refused for others.
CREATE TABLE mailbox_receipt (
    channel_id  INTEGER NOT NULL REFERENCES mailbox_channel (channel_id),
    role        TEXT    NOT NULL,
    tool        TEXT    NOT NULL,
    request_key TEXT    NOT NULL,
    args_sha256 TEXT    NOT NULL,
    result      TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (channel_id, role, tool, request_key)
);

-- section: search (the trigram index over topic and body; owned by the search capability)
-- The trigram index: an FTS5 table over mailbox_message's topic and body, external content (row id = seq), so the
-- text is stored once. Only live messages are in it: the triggers add a message, re-index a revised one, and take a
-- message out when it is deleted (deleted_at set) or its row goes. A term is looked up by its trigrams (3+
-- characters, case folded); shorter terms are answered by a scan of the table itself.
CREATE VIRTUAL TABLE mailbox_message_fts USING fts5 (
    topic, body, content = 'mailbox_message', content_rowid = 'seq', tokenize = 'trigram'
);
CREATE TRIGGER mailbox_message_fts_insert AFTER INSERT ON mailbox_message WHEN new.deleted_at IS NULL BEGIN
    INSERT INTO mailbox_message_fts (rowid, topic, body) VALUES (new.seq, new.topic, new.body);
END;
CREATE TRIGGER mailbox_message_fts_delete AFTER DELETE ON mailbox_message WHEN old.deleted_at IS NULL BEGIN
    INSERT INTO mailbox_message_fts (mailbox_message_fts, rowid, topic, body)
    VALUES ('delete', old.seq, old.topic, old.body);
END;
CREATE TRIGGER mailbox_message_fts_update AFTER UPDATE OF topic, body, deleted_at ON mailbox_message BEGIN
    INSERT INTO mailbox_message_fts (mailbox_message_fts, rowid, topic, body)
    SELECT 'delete', old.seq, old.topic, old.body WHERE old.deleted_at IS NULL;
    INSERT INTO mailbox_message_fts (rowid, topic, body)
    SELECT new.seq, new.topic, new.body WHERE new.deleted_at IS NULL;
END;
