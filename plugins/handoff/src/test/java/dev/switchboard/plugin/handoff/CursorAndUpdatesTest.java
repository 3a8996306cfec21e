package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.ports.tool.ToolResult;

/** Acceptance behaviours 21-26 of spec §3A, and delivery ordered by sequence rather than by time. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class CursorAndUpdatesTest {

    @Parameter
    String backend;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    @DisplayName("3A.21 list_updates defaults to librarian, lists summaries after the cursor ascending, moves nothing")
    @SuppressWarnings("unchecked")
    void listingUpdatesShowsSummariesInOrderAndLeavesTheCursorAlone() {
        publish(3);

        Map<String, Object> first = handoff.ok("frontispice_list_updates", Map.of("project", "raveil"));
        Map<String, Object> second = handoff.ok("frontispice_list_updates", Map.of("project", "raveil"));

        assertThat(second).isEqualTo(first);
        assertThat(first).containsEntry("consumer", "librarian").containsEntry("cursor", 0L);
        List<Map<String, Object>> updates = (List<Map<String, Object>>) first.get("updates");
        assertThat(updates).extracting(u -> u.get("sequence")).containsExactly(1L, 2L, 3L);
        assertThat(updates)
                .allSatisfy(update -> assertThat(update).containsKey("summary").doesNotContainKey("content"));
    }

    @Test
    @DisplayName("3A.22 list_updates(limit=2) with 5 pending returns the 2 oldest")
    void aLimitReturnsTheOldestPending() {
        publish(5);

        Map<String, Object> page = handoff.ok("frontispice_list_updates", Map.of("project", "raveil", "limit", 2));

        assertThat(handoff.pendingSequences("raveil", "librarian", 2)).containsExactly(1L, 2L);
        assertThat(page).containsEntry("has_more", true);
    }

    @Test
    @DisplayName("3A.23 after advance_cursor(librarian, 3) only sequences > 3 are listed; status shows librarian = 3")
    void advancingTheCursorHidesWhatWasHandled() {
        publish(5);

        handoff.ok(
                "frontispice_advance_cursor",
                Map.of("project", "raveil", "consumer", "librarian", "through_sequence", 3));

        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).containsExactly(4L, 5L);
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil"))
                        .get("cursors"))
                .isEqualTo(Map.of("librarian", 3L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"18446744073709551618", "9223372036854775808", "1e20", "1e300", "-1"})
    void aSequencePastSigned64BitsIsRefusedNamingTheFieldAndTheCursorStays(String sent) {
        publish(2);

        ToolResult.Failure failure = handoff.refused(
                "frontispice_advance_cursor",
                parsed("{\"project\": \"raveil\", \"consumer\": \"librarian\", \"through_sequence\": " + sent + "}"),
                "INVALID_ARGUMENTS");

        assertThat(failure.details()).containsEntry("field", "through_sequence");
        assertThat(handoff.ok("frontispice_project_status", Map.of("project", "raveil"))
                        .get("cursors"))
                .isEqualTo(Map.of());
        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).containsExactly(1L, 2L);
    }

    @Test
    void aLimitOrSincePastSigned64BitsIsRefusedNamingTheField() {
        assertThat(handoff.refused(
                                "frontispice_list_updates",
                                parsed("{\"project\": \"raveil\", \"since_sequence\": 18446744073709551617}"),
                                "INVALID_ARGUMENTS")
                        .details())
                .containsEntry("field", "since_sequence");
        assertThat(handoff.refused(
                                "frontispice_list_updates",
                                parsed("{\"project\": \"raveil\", \"limit\": 1e300}"),
                                "INVALID_ARGUMENTS")
                        .details())
                .containsEntry("field", "limit");
    }

    /** Arguments as the transports hand them over: parsed by Jackson into BigInteger, Long or Double. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> parsed(String json) {
        return JSON.readValue(json, Map.class);
    }

    @Test
    @DisplayName("3A.24 cursors are monotonic: 1 after 3 leaves 3 (unchanged, not an error); repeating 3 is a no-op")
    void aBackwardOrRepeatedAdvanceIsAReportedNoOp() {
        publish(3);
        advance("librarian", 3);

        Map<String, Object> backward = advance("librarian", 1);
        Map<String, Object> repeated = advance("librarian", 3);

        assertThat(backward).containsEntry("status", "unchanged").containsEntry("through_sequence", 3L);
        assertThat(repeated).containsEntry("status", "unchanged").containsEntry("changed", false);
        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).isEmpty();
    }

    @Test
    @DisplayName("3A.25 advance_cursor beyond the latest sequence is refused")
    void advancingPastTheLatestHandoffIsRefused() {
        publish(2);

        ToolResult.Failure failure = handoff.refused(
                "frontispice_advance_cursor",
                Map.of("project", "raveil", "consumer", "librarian", "through_sequence", 3),
                "CURSOR_BEYOND_LATEST");

        assertThat(failure.details()).containsEntry("latest_sequence", 2L).containsEntry("cursor", 0L);
        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).containsExactly(1L, 2L);
    }

    @Test
    @DisplayName("3A.26 consumers are independent: librarian at the latest, architecture still sees everything")
    void oneConsumersProgressDoesNotHideHandoffsFromAnother() {
        publish(3);
        advance("librarian", 3);

        assertThat(handoff.pendingSequences("raveil", "architecture", 10)).containsExactly(1L, 2L, 3L);
    }

    @Test
    void handoffsCommittedInTheSameMillisecondAreEachDeliveredExactlyOnce() {
        publish(7);
        List<Long> delivered = new ArrayList<>();

        for (int round = 0; round < 10; round++) {
            List<Long> page = handoff.pendingSequences("raveil", "librarian", 2);
            if (page.isEmpty()) {
                break;
            }
            delivered.addAll(page);
            advance("librarian", page.getLast());
        }

        assertThat(delivered).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L);
    }

    @Test
    void aHandoffCommittedLateWithAnEarlierTimestampIsNeitherSkippedNorRepeated() {
        handoff.clock().advance(Duration.ofMinutes(10));
        handoff.publish("raveil", "committed first, stamped 09:10", "a");
        advance("librarian", 1);
        handoff.clock().advance(Duration.ofMinutes(-9));

        handoff.publish("raveil", "committed second, stamped 09:01", "b");

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> updates =
                (List<Map<String, Object>>) handoff.ok("frontispice_list_updates", Map.of("project", "raveil"))
                        .get("updates");
        assertThat(updates).extracting(u -> u.get("title")).containsExactly("committed second, stamped 09:01");
        advance("librarian", 2);
        assertThat(handoff.pendingSequences("raveil", "librarian", 10)).isEmpty();
    }

    @Test
    void sinceSequenceRelistsHistoryWithoutTouchingTheCursor() {
        publish(3);
        advance("librarian", 3);

        Map<String, Object> history =
                handoff.ok("frontispice_list_updates", Map.of("project", "raveil", "since_sequence", 1));

        assertThat(history).containsEntry("cursor", 3L);
        assertThat(((List<?>) history.get("updates"))).hasSize(2);
    }

    private void publish(int count) {
        for (int i = 1; i <= count; i++) {
            handoff.publish("raveil", "handoff " + i, "content " + i);
        }
    }

    private Map<String, Object> advance(String consumer, long through) {
        return handoff.ok(
                "frontispice_advance_cursor",
                Map.of("project", "raveil", "consumer", consumer, "through_sequence", through));
    }
}
