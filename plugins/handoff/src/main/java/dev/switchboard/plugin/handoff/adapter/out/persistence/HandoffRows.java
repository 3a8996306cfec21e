package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.util.List;

import org.jooq.Field;
import org.jooq.Record;

import dev.switchboard.plugin.handoff.adapter.out.persistence.HandoffTables.Records;
import dev.switchboard.plugin.handoff.domain.Checksum;
import dev.switchboard.plugin.handoff.domain.Handoff;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Receipt;
import dev.switchboard.plugin.handoff.domain.Sequence;
import dev.switchboard.ports.storage.StorageException;

/** Maps {@code handoff_record} rows to domain values. */
final class HandoffRows {

    /** Every column but the content: what summaries need. */
    static final List<Field<?>> SUMMARY = List.of(
            Records.ID,
            Records.PROJECT,
            Records.SEQUENCE,
            Records.TITLE,
            Records.SUMMARY,
            Records.KIND,
            Records.TAGS,
            Records.SOURCE,
            Records.IMPORTANCE,
            Records.SENSITIVITY,
            Records.SUGGESTED_TARGETS,
            Records.CHECKSUM,
            Records.COMMITTED_AT);

    private HandoffRows() {}

    /** Whether a row belongs to a registered project rather than to a legacy key awaiting a merge. */
    static boolean registered(Record row) {
        return ProjectKey.isCanonical(row.get(Records.PROJECT));
    }

    static Receipt receipt(Record row) {
        String stored = row.get(Records.PROJECT);
        ProjectKey project = ProjectKey.normalize(stored)
                .orElseThrow(() -> new StorageException("handoff " + row.get(Records.ID)
                        + " is stored under a project key that cannot be normalised: " + stored));
        return new Receipt(
                new HandoffId(row.get(Records.ID)),
                project,
                Sequence.of(row.get(Records.SEQUENCE)),
                new Checksum(row.get(Records.CHECKSUM)),
                Times.parse(row.get(Records.COMMITTED_AT)));
    }

    static Handoff handoff(Record row) {
        HandoffDraft draft = new HandoffDraft(
                row.get(Records.TITLE),
                row.get(Records.SUMMARY),
                row.get(Records.CONTENT),
                row.get(Records.KIND),
                JsonLists.read(row.get(Records.TAGS)),
                row.get(Records.SOURCE),
                row.get(Records.SOURCE_REFERENCE),
                row.get(Records.IMPORTANCE),
                row.get(Records.SENSITIVITY),
                JsonLists.read(row.get(Records.SUGGESTED_TARGETS)));
        return new Handoff(
                receipt(row),
                draft,
                row.get(Records.IDEMPOTENCY_KEY),
                row.get(Records.PUBLISHED_BY),
                JsonLists.read(row.get(Records.OVERRIDE_RULES)));
    }

    static HandoffSummary summary(Record row, List<String> routedTo) {
        return new HandoffSummary(
                receipt(row),
                row.get(Records.TITLE),
                row.get(Records.SUMMARY),
                row.get(Records.KIND),
                JsonLists.read(row.get(Records.TAGS)),
                row.get(Records.SOURCE),
                row.get(Records.IMPORTANCE),
                row.get(Records.SENSITIVITY),
                JsonLists.read(row.get(Records.SUGGESTED_TARGETS)),
                routedTo);
    }
}
