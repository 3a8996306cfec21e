-- Mailbox plugin, schema version 7, for SQLite (postgres/V7 has the same indexes): indexes for the reads the board's
-- channel page and channel_status repeat for every role, so that each visits the rows it counts instead of every
-- message of the channel. Nothing else changes. It depends on V1 only.
-- The live open debts, by id: open_obligations' newest page, the open-debt counts and claims, ready_work.
CREATE INDEX mailbox_message_open_debt ON mailbox_message (channel_id, id)
    WHERE action_required = 1 AND status = 'open' AND deleted_at IS NULL;
-- The live task-list candidates (a work status, or a resolved debt), by id: the task lists of channel_status.
CREATE INDEX mailbox_message_task ON mailbox_message (channel_id, id)
    WHERE deleted_at IS NULL AND (work_status IS NOT NULL OR (action_required = 1 AND status = 'resolved'));
-- The deleted messages: the unread counts count a role's unread rows and take away those of deleted messages.
CREATE INDEX mailbox_message_deleted ON mailbox_message (channel_id, id) WHERE deleted_at IS NOT NULL;
-- Messages by kind, by id: the proposals awaiting a role's decision (awaiting_ack), list_messages of one kind.
CREATE INDEX mailbox_message_kind ON mailbox_message (channel_id, kind, id);
-- The inbox index, covering what the unread counts use (the delivery), so they read no recipient row. Without the
-- message id: with it, SQLite would scan this index for the recipients of given messages instead of the primary key.
DROP INDEX mailbox_recipient_inbox;
CREATE INDEX mailbox_recipient_inbox ON mailbox_recipient (channel_id, to_role, read_at, opened_at);
