package dev.switchboard.plugin.mailbox.importer.application;

import java.util.Map;

import dev.switchboard.plugin.mailbox.importer.domain.ImportCounts;

/**
 * What an import did. Immutable.
 *
 * @param channel           the channel written
 * @param sourceVersion     the file's {@code user_version}
 * @param counts            rows written per mailbox table
 * @param skipped           source rows left out, by source table, with why
 * @param nextMessageId     the id the channel's next message gets
 * @param nextUploadId      the id the channel's next upload gets
 */
public record ImportReport(
        String channel,
        long sourceVersion,
        ImportCounts counts,
        Map<String, String> skipped,
        long nextMessageId,
        long nextUploadId) {

    /** Copies the map. */
    public ImportReport {
        skipped = Map.copyOf(skipped);
    }
}
