/**
 * The hooks' reads of the store's own records: the mailbox's recorded schema version, checked before the counts'
 * queries run.
 */
package dev.switchboard.plugin.mailbox.hook.adapter.out.persistence;
