/**
 * Messages on the storage with jOOQ: the message tables as names ({@link
 * dev.switchboard.plugin.mailbox.message.adapter.out.persistence.MailboxTables}), whole messages loaded by condition
 * ({@link dev.switchboard.plugin.mailbox.message.adapter.out.persistence.MessageRows}), the store and the event log.
 */
package dev.switchboard.plugin.mailbox.message.adapter.out.persistence;
