package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Beyond the original: a merge remaps each consumer's cursor by handoff identity instead of resetting it to zero, so
 * nothing a consumer handled is delivered again and nothing it had not handled is skipped, even when the merge
 * interleaves the two.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class ProjectMergeCursorTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @BeforeEach
    void openWithLegacyRows() {
        handoff = HandoffHarness.open(backend, dir);
        // Merged order by commit time: Raveil#1 (t1), raveil_#1 (t2), Raveil#2 (t3), raveil_#2 (t4).
        new LegacyRows(handoff.storage())
                .project("Raveil", 2)
                .project("raveil_", 2)
                .handoff("r1", "Raveil", 1, Instant.parse("2025-03-01T10:00:00.000Z"))
                .handoff("u1", "raveil_", 1, Instant.parse("2025-03-02T10:00:00.000Z"))
                .handoff("r2", "Raveil", 2, Instant.parse("2025-03-03T10:00:00.000Z"))
                .handoff("u2", "raveil_", 2, Instant.parse("2025-03-04T10:00:00.000Z"));
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    void aConsumerThatHandledEverythingIsNotGivenAnythingAgain() {
        new LegacyRows(handoff.storage()).cursor("Raveil", "librarian", 2).cursor("raveil_", "librarian", 2);

        handoff.register("raveil");

        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).isEmpty();
        assertThat(cursors()).containsEntry("librarian", 4L);
    }

    @Test
    void interleavedHandledAndUnhandledHandoffsAreNeitherRedeliveredNorSkipped() {
        new LegacyRows(handoff.storage()).cursor("Raveil", "librarian", 2);

        handoff.register("raveil");

        // librarian handled r1 and r2 (new 1 and 3) but neither u1 nor u2 (new 2 and 4).
        assertThat(ids(handoff.pendingSequences("raveil", "librarian", 10))).containsExactly("u1", "u2");
        assertThat(cursors()).containsEntry("librarian", 1L);
        handoff.ok(
                "frontispice_advance_cursor",
                Map.of("project", "raveil", "consumer", "librarian", "through_sequence", 2));
        assertThat(ids(handoff.pendingSequences("raveil", "librarian", 10))).containsExactly("u2");
        assertThat(cursors()).containsEntry("librarian", 3L);
    }

    @Test
    void aConsumerOfOnlyOneVariantKeepsWhatItHandledThere() {
        new LegacyRows(handoff.storage()).cursor("raveil_", "research", 1);

        Map<String, Object> registration = handoff.ok("frontispice_register_project", Map.of("project", "raveil"));

        assertThat(ids(handoff.pendingSequences("raveil", "research", 10))).containsExactly("r1", "r2", "u2");
        assertThat((List<?>) registration.get("cursors")).hasSize(1);
        assertThat(ids(handoff.pendingSequences("raveil", "newcomer", 10))).containsExactly("r1", "u1", "r2", "u2");
    }

    @Test
    void aSecondRegistrationChangesNothing() {
        new LegacyRows(handoff.storage()).cursor("Raveil", "librarian", 2);
        handoff.register("raveil");

        Map<String, Object> again = handoff.ok("frontispice_register_project", Map.of("project", "Raveil"));

        assertThat(again).containsEntry("created", false).containsEntry("merged", List.of());
        assertThat(ids(handoff.pendingSequences("raveil", "librarian", 10))).containsExactly("u1", "u2");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> cursors() {
        return (Map<String, Object>) handoff.ok("frontispice_project_status", Map.of("project", "raveil"))
                .get("cursors");
    }

    private List<String> ids(List<Long> sequences) {
        return sequences.stream()
                .map(sequence -> {
                    @SuppressWarnings("unchecked")
                    List<Map<String, Object>> one = (List<Map<String, Object>>) handoff.ok(
                                    "frontispice_list_updates",
                                    Map.of("project", "raveil", "since_sequence", sequence - 1, "limit", 1))
                            .get("updates");
                    return (String) one.getFirst().get("handoff_id");
                })
                .toList();
    }
}
