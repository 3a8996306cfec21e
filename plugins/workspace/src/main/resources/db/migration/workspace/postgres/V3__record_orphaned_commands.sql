-- Workspace plugin, schema version 3. A bash command left running by a server that died is killed at the next
-- start; its receipt then says so (when, and which processes).
ALTER TABLE workspace_receipt ADD COLUMN orphans_killed TEXT COLLATE "C";
