/**
 * What an ai-agent-channel channel database holds, in plain Java: its rows ({@link
 * dev.switchboard.plugin.mailbox.importer.domain.SourceChannel}), the schema versions and columns this import
 * understands ({@link dev.switchboard.plugin.mailbox.importer.domain.SourceSchema}), how a pre-0.2 file's rows read
 * ({@link dev.switchboard.plugin.mailbox.importer.domain.LegacyRows}) and what an import wrote ({@link
 * dev.switchboard.plugin.mailbox.importer.domain.ImportCounts}).
 */
package dev.switchboard.plugin.mailbox.importer.domain;
