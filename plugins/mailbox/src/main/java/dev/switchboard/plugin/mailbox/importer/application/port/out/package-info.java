/**
 * What the import needs from outside: the source file ({@link
 * dev.switchboard.plugin.mailbox.importer.application.port.out.SourceReader}) and the mailbox's tables ({@link
 * dev.switchboard.plugin.mailbox.importer.application.port.out.ImportStore}).
 */
package dev.switchboard.plugin.mailbox.importer.application.port.out;
