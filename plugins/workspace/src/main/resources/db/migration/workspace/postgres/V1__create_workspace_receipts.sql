-- Workspace plugin, schema version 1, for PostgreSQL: the same table as sqlite/V1. Request-key receipts: metadata
-- only, never command text or file content. Times are UTC ISO-8601 text. changed_paths is a JSON array of strings.
-- Text collates "C" (byte order, as the BINARY collation of SQLite), so ids and times sort alike on both backends.
CREATE TABLE workspace_receipt (
    receipt_id       TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    workspace_id     TEXT COLLATE "C" NOT NULL,
    fingerprint      TEXT COLLATE "C" NOT NULL,
    tool             TEXT COLLATE "C" NOT NULL,
    status           TEXT COLLATE "C" NOT NULL CHECK (status IN ('started', 'completed', 'failed')),
    cwd              TEXT COLLATE "C",
    changed_paths    TEXT COLLATE "C" NOT NULL DEFAULT '[]',
    revision         TEXT COLLATE "C",
    code             TEXT COLLATE "C",
    exit_code        INTEGER,
    full_output_path TEXT COLLATE "C",
    created_at       TEXT COLLATE "C" NOT NULL,
    updated_at       TEXT COLLATE "C" NOT NULL
);
