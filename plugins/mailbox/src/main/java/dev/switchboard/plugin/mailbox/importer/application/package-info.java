/**
 * {@code switchboard mailbox import}'s use case: {@link
 * dev.switchboard.plugin.mailbox.importer.application.ImportChannel} reads an ai-agent-channel channel database and
 * writes it into an empty channel in one transaction, answering an {@link
 * dev.switchboard.plugin.mailbox.importer.application.ImportReport}.
 */
package dev.switchboard.plugin.mailbox.importer.application;
