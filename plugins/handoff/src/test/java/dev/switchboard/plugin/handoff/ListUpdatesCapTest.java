package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** list_updates' byte cap: summaries past 512 KiB of text wait for the next call. */
class ListUpdatesCapTest {

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @BeforeEach
    void open() {
        handoff = HandoffHarness.open(HandoffHarness.SQLITE, dir);
        handoff.register("raveil");
    }

    @AfterEach
    void close() {
        handoff.close();
    }

    @Test
    @DisplayName("60 summaries of 12,000 bytes: the first 43 fit in 512 KiB, has_more and max_text_bytes say so, and"
            + " since_sequence lists the rest")
    @SuppressWarnings("unchecked")
    void summariesPastTheCapWaitForTheNextCall() {
        for (int i = 1; i <= 60; i++) {
            handoff.publish(Map.of(
                    "project", "raveil", "title", "h" + i, "summary", "\u4e2d".repeat(4000), "content", "c" + i));
        }

        Map<String, Object> first = handoff.ok("frontispice_list_updates", Map.of("project", "raveil", "limit", 100));

        List<Map<String, Object>> shown = (List<Map<String, Object>>) first.get("updates");
        assertThat(shown).hasSize(43);
        assertThat(first).containsEntry("has_more", true).containsEntry("max_text_bytes", 512 * 1024);
        Map<String, Object> rest =
                handoff.ok("frontispice_list_updates", Map.of("project", "raveil", "limit", 100, "since_sequence", 43));
        assertThat((List<Map<String, Object>>) rest.get("updates"))
                .extracting(update -> ((Number) update.get("sequence")).longValue())
                .containsExactlyElementsOf(
                        java.util.stream.LongStream.rangeClosed(44, 60).boxed().toList());
        assertThat(rest).containsEntry("has_more", false).doesNotContainKey("max_text_bytes");
    }
}
