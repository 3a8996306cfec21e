/** {@code switchboard hook ...} and {@code switchboard status ...}: plugin subcommands with the storage-only start. */
package dev.switchboard.plugin.mailbox.hook.adapter.in.cli;
