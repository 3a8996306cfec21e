-- Handoff plugin, schema version 1. Times are UTC text 'yyyy-MM-ddTHH:mm:ss.SSSZ' (fixed width, so they sort);
-- lists of strings are JSON arrays of strings.

-- Projects. A registered project's key is canonical (lowercase kebab-case). A row whose key is not canonical is a
-- legacy variant from a database written before keys were normalised; registering the canonical key merges it.
CREATE TABLE handoff_project (
    project_key     TEXT    NOT NULL PRIMARY KEY,
    display_name    TEXT    NOT NULL,
    latest_sequence INTEGER NOT NULL DEFAULT 0 CHECK (latest_sequence >= 0),
    created_at      TEXT    NOT NULL,
    registered_by   TEXT    NOT NULL
);

-- Handoffs. The sequence is allocated from handoff_project.latest_sequence inside the publishing transaction.
CREATE TABLE handoff_record (
    handoff_id          TEXT    NOT NULL PRIMARY KEY,
    project_key         TEXT    NOT NULL REFERENCES handoff_project (project_key),
    sequence            INTEGER NOT NULL CHECK (sequence >= 1),
    title               TEXT    NOT NULL,
    summary             TEXT    NOT NULL,
    content             TEXT    NOT NULL,
    kind                TEXT    NOT NULL,
    tags                TEXT    NOT NULL DEFAULT '[]',
    source              TEXT    NOT NULL,
    source_reference    TEXT,
    importance          TEXT    NOT NULL,
    sensitivity         TEXT    NOT NULL,
    suggested_targets   TEXT    NOT NULL DEFAULT '[]',
    idempotency_key     TEXT    UNIQUE,
    payload_fingerprint TEXT    NOT NULL,
    checksum            TEXT    NOT NULL,
    sensitive_override  INTEGER NOT NULL DEFAULT 0 CHECK (sensitive_override IN (0, 1)),
    override_rules      TEXT    NOT NULL DEFAULT '[]',
    published_by        TEXT    NOT NULL,
    committed_at        TEXT    NOT NULL,
    UNIQUE (project_key, sequence)
);

CREATE INDEX handoff_record_by_commit ON handoff_record (committed_at);

-- One cursor per (project, consumer): everything up to through_sequence is handled. Cursors only move forward.
CREATE TABLE handoff_cursor (
    project_key      TEXT    NOT NULL REFERENCES handoff_project (project_key),
    consumer         TEXT    NOT NULL,
    through_sequence INTEGER NOT NULL CHECK (through_sequence >= 0),
    updated_at       TEXT    NOT NULL,
    PRIMARY KEY (project_key, consumer)
);

-- Sequences after a cursor that its consumer has already handled. Only a project merge creates them (it can
-- interleave handled and unhandled handoffs); advancing the cursor past them removes them.
CREATE TABLE handoff_cursor_ahead (
    project_key TEXT    NOT NULL,
    consumer    TEXT    NOT NULL,
    sequence    INTEGER NOT NULL,
    PRIMARY KEY (project_key, consumer, sequence),
    FOREIGN KEY (project_key, consumer) REFERENCES handoff_cursor (project_key, consumer) ON DELETE CASCADE
);

-- Routing metadata; an identical route is stored once.
CREATE TABLE handoff_route (
    route_id   INTEGER PRIMARY KEY,
    handoff_id TEXT    NOT NULL REFERENCES handoff_record (handoff_id),
    target     TEXT    NOT NULL,
    rationale  TEXT    NOT NULL,
    routed_by  TEXT    NOT NULL,
    routed_at  TEXT    NOT NULL,
    UNIQUE (handoff_id, target, routed_by, rationale)
);

CREATE INDEX handoff_route_by_target ON handoff_route (target, handoff_id);

-- Applied provenance: written once, never updated or deleted (the triggers refuse both).
CREATE TABLE handoff_applied (
    applied_id INTEGER PRIMARY KEY,
    handoff_id TEXT    NOT NULL REFERENCES handoff_record (handoff_id),
    applied_by TEXT    NOT NULL,
    repository TEXT    NOT NULL,
    commit_ref TEXT    NOT NULL,
    paths      TEXT    NOT NULL,
    applied_at TEXT    NOT NULL,
    UNIQUE (handoff_id, applied_by, repository, commit_ref, paths)
);

CREATE TRIGGER handoff_applied_is_immutable_on_update BEFORE UPDATE ON handoff_applied
BEGIN
    SELECT RAISE(ABORT, 'handoff_applied rows are immutable');
END;

CREATE TRIGGER handoff_applied_is_immutable_on_delete BEFORE DELETE ON handoff_applied
BEGIN
    SELECT RAISE(ABORT, 'handoff_applied rows are immutable');
END;
