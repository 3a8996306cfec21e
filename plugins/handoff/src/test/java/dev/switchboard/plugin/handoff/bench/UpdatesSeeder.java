package dev.switchboard.plugin.handoff.bench;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import dev.switchboard.plugin.handoff.domain.Checksum;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.PayloadFingerprint;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.ports.storage.SqlStorage;

/**
 * Fills a registered project with handoffs fast: plain SQL {@code INSERT}s through {@link SqlStorage#transaction},
 * {@value #BATCH} rows per transaction, with the same column values a publish would write (random ids, real checksums
 * and fingerprints, one millisecond apart), then sets the project's latest sequence. It bypasses the tool, the
 * secret guardrail and the per-publish commit, which the publish benchmark measures separately. Not thread-safe.
 */
final class UpdatesSeeder {

    private static final int BATCH = 10_000;
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final String INSERT = "INSERT INTO handoff_record (handoff_id, project_key, sequence, title,"
            + " summary, content, kind, tags, source, importance, sensitivity, suggested_targets,"
            + " payload_fingerprint, checksum, published_by, committed_at)"
            + " VALUES (?, ?, ?, ?, ?, ?, 'decision', '[\"storage\",\"adr\"]', 'chatgpt', 'normal', 'normal', '[]',"
            + " ?, ?, 'local', ?)";

    private final SqlStorage storage;

    UpdatesSeeder(SqlStorage storage) {
        this.storage = storage;
    }

    /** Appends handoffs 1..{@code count} to {@code project}, which must be registered and empty. */
    void seed(String project, int count) {
        ProjectKey key = new ProjectKey(project);
        Instant start = Instant.now().minusMillis(count);
        for (int from = 1; from <= count; from += BATCH) {
            int first = from;
            int last = Math.min(count, from + BATCH - 1);
            storage.transaction(connection -> {
                try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
                    for (int n = first; n <= last; n++) {
                        HandoffDraft draft = new HandoffDraft(
                                BenchText.title(n),
                                BenchText.summary(n),
                                BenchText.content(n),
                                "decision",
                                List.of("storage", "adr"),
                                "chatgpt",
                                null,
                                "normal",
                                "normal",
                                List.of());
                        insert.setString(1, HandoffId.random().value());
                        insert.setString(2, project);
                        insert.setLong(3, n);
                        insert.setString(4, draft.title());
                        insert.setString(5, draft.summary());
                        insert.setString(6, draft.content());
                        insert.setString(7, PayloadFingerprint.of(key, draft).value());
                        insert.setString(8, Checksum.of(draft.content()).value());
                        insert.setString(9, TIME.format(start.plusMillis(n)));
                        insert.addBatch();
                    }
                    insert.executeBatch();
                }
                try (PreparedStatement latest = connection.prepareStatement(
                        "UPDATE handoff_project SET latest_sequence = ? WHERE project_key = ?")) {
                    latest.setLong(1, last);
                    latest.setString(2, project);
                    latest.executeUpdate();
                }
                return null;
            });
        }
    }
}
