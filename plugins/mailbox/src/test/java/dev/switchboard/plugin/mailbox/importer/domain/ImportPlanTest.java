package dev.switchboard.plugin.mailbox.importer.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.tool.ErrorCode;

class ImportPlanTest {

    private static SourceMessage message(long id, String createdAt, String readAt) {
        return new SourceMessage(
                id,
                "frontend",
                "backend",
                "t",
                "b",
                true,
                null,
                createdAt,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                true,
                null,
                readAt,
                null,
                List.of());
    }

    private static SourceChannel channel(List<SourceMessage> messages, List<SourceAck> acks) {
        return new SourceChannel(new SourceShape(0, Map.of()), messages, acks, List.of(), List.of(), List.of());
    }

    @Test
    void timesInAnotherIsoShapeAreStoredInTheMailboxFormatAndLegacyDebtsAreOpen() {
        ImportPlan plan = ImportPlan.of(
                        channel(List.of(message(3, "2025-01-01 08:30:00", "2025-01-02T09:00:00+02:00")), List.of()))
                .plan();

        SourceMessage stored = plan.messages().getFirst();
        assertThat(stored.createdAt()).isEqualTo("2025-01-01T08:30:00.000Z");
        assertThat(stored.status()).isEqualTo("open");
        assertThat(stored.recipients())
                .containsExactly(
                        new SourceMessage.Delivery("backend", "2025-01-02T07:00:00.000Z", "2025-01-02T07:00:00.000Z"));
    }

    @Test
    void aTimeThatIsNoTimeRefusesTheImportNamingTheRowAndColumn() {
        ImportPlan.Outcome outcome = ImportPlan.of(channel(List.of(message(9, "yesterday", null)), List.of()));

        assertThat(outcome.plan()).isNull();
        assertThat(outcome.problem().code()).isEqualTo(ErrorCode.CONFLICT);
        assertThat(outcome.problem().message()).startsWith("the file's message #9 has created_at 'yesterday'");
    }

    @Test
    void acknowledgementsOfMissingMessagesAreSkippedAndCountedAndAnUnknownDecisionRefused() {
        SourceAck orphan = new SourceAck(77, "backend", "agree", null, "2026-01-01T00:00:00.000Z");
        ImportPlan plan = ImportPlan.of(channel(List.of(message(1, "2026-01-01T00:00:00.000Z", null)), List.of(orphan)))
                .plan();
        assertThat(plan.acks()).isEmpty();
        assertThat(plan.skipped()).containsEntry("acknowledgements", "1 rows of messages the file does not have");
        assertThat(plan.counts().recipients()).isEqualTo(1);

        SourceAck odd = new SourceAck(1, "backend", "maybe", null, "2026-01-01T00:00:00.000Z");
        assertThat(ImportPlan.of(channel(List.of(message(1, "2026-01-01T00:00:00.000Z", null)), List.of(odd)))
                        .problem()
                        .message())
                .contains("decision 'maybe'");
    }
}
