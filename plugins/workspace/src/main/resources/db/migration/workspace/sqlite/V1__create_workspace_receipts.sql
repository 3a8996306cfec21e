-- Workspace plugin, schema version 1. Request-key receipts: metadata only, never command text or file content.
-- Times are UTC ISO-8601 text. changed_paths is a JSON array of strings.
CREATE TABLE workspace_receipt (
    receipt_id       TEXT    NOT NULL PRIMARY KEY,
    workspace_id     TEXT    NOT NULL,
    fingerprint      TEXT    NOT NULL,
    tool             TEXT    NOT NULL,
    status           TEXT    NOT NULL CHECK (status IN ('started', 'completed', 'failed')),
    cwd              TEXT,
    changed_paths    TEXT    NOT NULL DEFAULT '[]',
    revision         TEXT,
    code             TEXT,
    exit_code        INTEGER,
    full_output_path TEXT,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
