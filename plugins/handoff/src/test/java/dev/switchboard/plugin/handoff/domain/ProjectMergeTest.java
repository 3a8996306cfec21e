package dev.switchboard.plugin.handoff.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ProjectMergeTest {

    private static final Instant T = Instant.parse("2025-03-01T10:00:00Z");
    private static final Instant NOW = Instant.parse("2026-05-01T09:00:00Z");

    private final ProjectMerge merge = ProjectMerge.plan(List.of(
            entry("c", "Raveil", 2, T.plusSeconds(30)),
            entry("a", "Raveil", 1, T),
            entry("b", "raveil_", 1, T.plusSeconds(20))));

    @Test
    void handoffsAreResequencedByCommitTimeKeepingTheirIds() {
        assertThat(merge.moves())
                .extracting(m -> m.handoffId().value() + "@" + m.to())
                .containsExactly("a@1", "b@2", "c@3");
        assertThat(merge.latest()).isEqualTo(Sequence.of(3));
    }

    @Test
    void handoffsOfTheSameMillisecondGetAStableOrder() {
        ProjectMerge tied = ProjectMerge.plan(List.of(entry("y", "b", 1, T), entry("x", "a", 1, T)));

        assertThat(tied.moves()).extracting(m -> m.handoffId().value()).containsExactly("x", "y");
    }

    @Test
    void aCursorCoversTheHandledPrefixAndKeepsLaterHandledOnesAhead() {
        Cursor old = new Cursor("librarian", Sequence.of(2), List.of(), T);

        Cursor remapped = merge.remap("librarian", Map.of("Raveil", old), NOW);

        assertThat(remapped.through()).isEqualTo(Sequence.of(1));
        assertThat(remapped.handledAhead()).containsExactly(Sequence.of(3));
    }

    @Test
    void aConsumerThatHandledEverythingEndsAtTheLatest() {
        Cursor remapped = merge.remap(
                "librarian",
                Map.of(
                        "Raveil", new Cursor("librarian", Sequence.of(2), List.of(), T),
                        "raveil_", new Cursor("librarian", Sequence.of(1), List.of(), T)),
                NOW);

        assertThat(remapped.through()).isEqualTo(Sequence.of(3));
        assertThat(remapped.handledAhead()).isEmpty();
    }

    private static ProjectMerge.Entry entry(String id, String key, long sequence, Instant at) {
        return new ProjectMerge.Entry(new HandoffId(id), key, Sequence.of(sequence), at);
    }
}
