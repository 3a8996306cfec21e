package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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
 * Beyond the original: {@code frontispice_delivery_status} proves consumption, not only the commit: which consumers'
 * cursors are past the handoff, which are not, and where it was applied.
 */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class DeliveryStatusTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private HandoffHarness handoff;
    private String secondId;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
        handoff.publish("raveil", "first", "a");
        secondId = (String) handoff.publish("raveil", "second", "b").get("handoff_id");
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    void itListsTheConsumersPastTheHandoffAndThoseStillPending() {
        advance("librarian", 2);
        advance("research", 1);

        Map<String, Object> status = handoff.ok("frontispice_delivery_status", Map.of("handoff_id", secondId));

        assertThat(consumers(status, "consumed_by")).containsExactly("librarian");
        assertThat(consumers(status, "pending_for")).containsExactly("research");
    }

    @Test
    void rightAfterAPublishTheEmptyConsumerListsComeWithTheNoteThatConsumersWithoutACursorAreNotListed() {
        Map<String, Object> status = handoff.ok("frontispice_delivery_status", Map.of("handoff_id", secondId));

        assertThat(consumers(status, "consumed_by")).isEmpty();
        assertThat(consumers(status, "pending_for")).isEmpty();
        assertThat((String) status.get("consumers_note"))
                .contains("only consumers that have a cursor")
                .contains("in neither list");
    }

    @Test
    void itSaysWhereTheHandoffWasApplied() {
        handoff.ok(
                "frontispice_mark_applied",
                Map.of(
                        "project",
                        "raveil",
                        "handoff_id",
                        secondId,
                        "applied_by",
                        "codex",
                        "repository",
                        "git@example.com:me/raveil.git",
                        "commit_ref",
                        "abc1234",
                        "paths",
                        List.of("docs/storage.md")));

        Map<String, Object> status = handoff.ok("frontispice_delivery_status", Map.of("handoff_id", secondId));

        assertThat((List<?>) status.get("applied"))
                .singleElement()
                .satisfies(applied -> assertThat(applied.toString()).contains("abc1234", "docs/storage.md"));
    }

    @Test
    void aHandoffOfAnotherProjectIsNotFoundWhenTheProjectIsGiven() {
        handoff.register("other");

        handoff.refused(
                "frontispice_delivery_status", Map.of("handoff_id", secondId, "project", "other"), "HANDOFF_NOT_FOUND");
    }

    private void advance(String consumer, long through) {
        handoff.ok(
                "frontispice_advance_cursor",
                Map.of("project", "raveil", "consumer", consumer, "through_sequence", through));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> consumers(Map<String, Object> status, String key) {
        return ((List<Map<String, Object>>) status.get(key))
                .stream().map(c -> c.get("consumer")).toList();
    }
}
