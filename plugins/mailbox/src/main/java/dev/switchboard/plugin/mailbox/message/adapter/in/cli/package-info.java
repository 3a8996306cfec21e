/** The message capability's command line: {@code switchboard mailbox remove-role}, the owner's way to undo a typo. */
package dev.switchboard.plugin.mailbox.message.adapter.in.cli;
