/**
 * The import's command line: {@link dev.switchboard.plugin.mailbox.importer.adapter.in.cli.MailboxImportCommand},
 * {@code switchboard mailbox import PATH [--channel NAME] [--json]}.
 */
package dev.switchboard.plugin.mailbox.importer.adapter.in.cli;
