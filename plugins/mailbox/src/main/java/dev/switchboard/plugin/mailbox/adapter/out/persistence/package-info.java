/**
 * The mailbox's persistence adapter: jOOQ over the kernel's {@code SqlStorage}, in the storage's own dialect, and the
 * {@link dev.switchboard.ports.storage.MigrationSet} whose SQL lives in
 * {@code db/migration/mailbox/<sqlite|postgres>/}.
 */
package dev.switchboard.plugin.mailbox.adapter.out.persistence;
