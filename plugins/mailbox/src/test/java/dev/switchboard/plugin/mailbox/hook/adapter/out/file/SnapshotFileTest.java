package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.domain.HookSnapshot;
import dev.switchboard.ports.plugin.PluginContext;

/** The stop hook's snapshot files, read and written with jackson-core's streaming API on a real directory. */
class SnapshotFileTest {

    @TempDir
    Path dir;

    private SnapshotFile files() {
        return new SnapshotFile(
                new HookSettings(new PluginContext("mailbox", Map.of(), dir), name -> Optional.empty()));
    }

    @Test
    void aStoredSnapshotIsLoadedBackWithItsCountersAndBlocks() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("unread", 3);
        counts.put("needs_you", 0);
        files().store("bench/s-1", Optional.of(new HookSnapshot(counts, 2)));

        assertThat(files().load("bench/s-1")).contains(new HookSnapshot(counts, 2));
        files().store("bench/s-1", Optional.empty());
        assertThat(files().load("bench/s-1")).isEmpty();
    }

    @Test
    void aFileOfAnotherShapeOrWithAnOutOfRangeNumberIsNoSnapshot() throws Exception {
        String[] texts = {
            "{\"counts\":{\"unread\":1},\"blocks\":0}",
            "{\"counts\":{\"unread\":99999999999},\"blocks\":1}",
            "{\"counts\":{\"unread\":\"1\"},\"blocks\":1}",
            "{\"counts\":{\"unread\":1},\"blocks\":1,\"other\":1}",
            "[1]",
            "{\"counts\":{\"unread\":1},\"blocks\":1",
        };
        for (String text : texts) {
            Files.writeString(dir.resolve(".stop-hook-k.json"), text);

            assertThat(files().load("k")).as(text).isEmpty();
        }
        Files.writeString(dir.resolve(".stop-hook-k.json"), "{\"blocks\":1,\"counts\":{\"unread\":1}}");
        assertThat(files().load("k")).contains(new HookSnapshot(Map.of("unread", 1), 1));
    }
}
