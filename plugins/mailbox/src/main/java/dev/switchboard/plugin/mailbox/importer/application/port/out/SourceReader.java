package dev.switchboard.plugin.mailbox.importer.application.port.out;

import java.nio.file.Path;

import dev.switchboard.plugin.mailbox.importer.domain.SourceChannel;

/** Reads an ai-agent-channel channel database. Thread-safe. */
public interface SourceReader {

    /**
     * Reads the whole file from one snapshot, through a read-only connection: the file is never written (no pragma
     * that writes, no journal mode change, nothing created but the SQLite WAL index a WAL-mode file needs to be read).
     * Only the columns of {@code SourceSchema} that the file has are read; the shape lists all of them, so the caller
     * can refuse what it does not know.
     *
     * @param file the file
     * @return its rows and shape
     * @throws UnreadableSourceException if the file is missing, unreadable, not a SQLite database, or its rows
     *         violate the original's NOT NULL columns; the message names the file and why, in one line
     */
    SourceChannel read(Path file);
}
