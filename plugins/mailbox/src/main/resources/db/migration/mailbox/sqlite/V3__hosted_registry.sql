-- Mailbox plugin, schema version 3, for SQLite (postgres/V3 has the same tables, keys and rules): the registry of
-- hosted channels (seed-features §1C.3 "Registry"). A hosted channel is a mailbox_channel row whose roles column lists
-- its 2..12 roles; its credentials and the audit live here. It depends on V1 only.
-- Credentials are stored only as SHA-256 digests (64 lower-case hex characters), never as text.

-- Role tokens (kind 'role': cct_..., bound to one role of one channel) and view keys (kind 'view': ccv_..., a viewer
-- of one channel's board; role holds the key's label). A view key's issuer is a role token (issued_by_token) or the
-- owner (issued_by_token NULL, issued_by 'owner'); it is live while unrevoked, unexpired and its issuer is unrevoked.
CREATE TABLE mailbox_token (
    token_id        INTEGER PRIMARY KEY,
    token_hash      TEXT    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    kind            TEXT    NOT NULL CHECK (kind IN ('role', 'view')),
    channel_id      INTEGER NOT NULL REFERENCES mailbox_channel (channel_id),
    role            TEXT    NOT NULL,
    created_at      TEXT    NOT NULL,
    revoked_at      TEXT,
    expires_at      TEXT,
    issued_by       TEXT    NOT NULL,
    issued_by_token INTEGER REFERENCES mailbox_token (token_id),
    last_used_at    TEXT
);
CREATE INDEX mailbox_token_channel ON mailbox_token (channel_id, kind, role);
CREATE INDEX mailbox_token_issuer ON mailbox_token (issued_by_token);

-- Single-use board nonces (300 s): redeeming one opens a board session for its view key.
CREATE TABLE mailbox_board_nonce (
    nonce_hash TEXT    PRIMARY KEY CHECK (length(nonce_hash) = 64),
    token_id   INTEGER NOT NULL REFERENCES mailbox_token (token_id),
    expires_at TEXT    NOT NULL,
    used_at    TEXT
);
CREATE INDEX mailbox_board_nonce_token ON mailbox_board_nonce (token_id);

-- The audit (beyond the original): who did what when, for every management action and token use. Never a
-- credential, never a message body. actor is 'owner' or '<channel>/<role>' (or '<channel>/view:<label>').
CREATE TABLE mailbox_audit (
    audit_id INTEGER PRIMARY KEY,
    at       TEXT    NOT NULL,
    actor    TEXT    NOT NULL,
    action   TEXT    NOT NULL,
    channel  TEXT,
    subject  TEXT,
    detail   TEXT
);
CREATE INDEX mailbox_audit_channel ON mailbox_audit (channel, audit_id);
