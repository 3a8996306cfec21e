-- Mailbox plugin, schema version 4, for PostgreSQL (sqlite/V4 has the same table, keys and rules): the board's
-- sessions (seed-features §1C.3 board_sessions). Redeeming a board nonce opens one: the cc_board cookie carries a
-- random session id, and only its SHA-256 digest (64 lower-case hex characters) is stored. A session reads the board
-- of its view key's channel while it is unexpired and that view key is live (unrevoked, unexpired, its issuer
-- unrevoked), so rotate_token of the issuing role or revoke_board_access ends it at once. It depends on V3 only.
CREATE TABLE mailbox_board_session (
    session_hash TEXT COLLATE "C" PRIMARY KEY CHECK (length(session_hash) = 64),
    token_id     BIGINT NOT NULL REFERENCES mailbox_token (token_id),
    created_at   TEXT COLLATE "C" NOT NULL,
    expires_at   TEXT COLLATE "C" NOT NULL
);
CREATE INDEX mailbox_board_session_token ON mailbox_board_session (token_id);
