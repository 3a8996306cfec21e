/**
 * The channel core on the storage, with jOOQ: transactions ({@link
 * dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTransactions}, and {@link
 * dev.switchboard.plugin.mailbox.channel.adapter.out.persistence.JooqTx}, through which every mailbox persistence
 * adapter reaches its connection), channel rows, presence, receipts and the JSON columns.
 */
package dev.switchboard.plugin.mailbox.channel.adapter.out.persistence;
