/**
 * Messages on the storage with jOOQ: the message tables as names ({@link
 * dev.switchboard.plugin.mailbox.message.adapter.out.persistence.MailboxTables}), whole messages loaded by condition
 * ({@link dev.switchboard.plugin.mailbox.message.adapter.out.persistence.MessageRows}), the store and the event log.
 * A send's writes, the hottest path, are plain JDBC ({@code MessageInsert}).
 */
package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;
