-- Workspace plugin, schema version 2. Retention deletes the oldest receipts first: an index on the last change.
CREATE INDEX workspace_receipt_updated ON workspace_receipt (updated_at, receipt_id);
