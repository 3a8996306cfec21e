-- Mailbox plugin, schema version 6, for SQLite (postgres/V6 has the same tables, keys and rules): the owner's board
-- links and sessions (ADR 69). The server's owner mints a single-use nonce (switchboard mailbox owner-link on the
-- machine, or POST /board/owner-link with the owner token); redeeming it within 300 s opens an owner session, whose
-- cc_board_owner cookie reads the owner's index and every channel and may act (abort a workspace command). Only
-- SHA-256 digests (64 lower-case hex characters) are stored. Neither table names a credential: the owner token lives
-- in its file, not in the registry. It depends on V5 only by order.
CREATE TABLE mailbox_board_owner_nonce (
    nonce_hash TEXT PRIMARY KEY CHECK (length(nonce_hash) = 64),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);
CREATE TABLE mailbox_board_owner_session (
    session_hash TEXT PRIMARY KEY CHECK (length(session_hash) = 64),
    created_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL
);
CREATE INDEX mailbox_board_owner_session_expiry ON mailbox_board_owner_session (expires_at);
