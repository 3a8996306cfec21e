package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;
import dev.switchboard.plugin.mailbox.hook.domain.HookSnapshot;

/**
 * The stop hook's snapshots as small JSON files in the state directory, {@code .stop-hook-<key>.json}
 * ({@code {"counts": {...}, "blocks": n}}), written to a temporary file and moved into place. A file that does not
 * parse counts as no snapshot. Thread-safe for distinct keys; one hook process per key at a time.
 */
public final class SnapshotFile implements SnapshotStore {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path dir;

    @Inject
    public SnapshotFile(HookSettings settings) {
        this.dir = settings.stateDir();
    }

    @Override
    public Optional<HookSnapshot> load(String key) {
        Path file = file(key);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode root = JSON.readTree(Files.readString(file));
            Map<String, Integer> counts = new LinkedHashMap<>();
            root.path("counts")
                    .properties()
                    .forEach(e -> counts.put(e.getKey(), e.getValue().asInt(0)));
            int blocks = root.path("blocks").asInt(0);
            return blocks < 1 ? Optional.empty() : Optional.of(new HookSnapshot(counts, blocks));
        } catch (IOException | JacksonException e) {
            return Optional.empty();
        }
    }

    @Override
    public void store(String key, Optional<HookSnapshot> snapshot) {
        Path file = file(key);
        try {
            if (snapshot.isEmpty()) {
                Files.deleteIfExists(file);
                return;
            }
            Files.createDirectories(dir);
            Path temporary = Files.createTempFile(dir, ".stop-hook-", ".tmp");
            Files.writeString(
                    temporary,
                    JSON.writeValueAsString(Map.of(
                            "counts",
                            snapshot.get().counts(),
                            "blocks",
                            snapshot.get().blocks())));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the stop hook's snapshot " + file, e);
        }
    }

    private Path file(String key) {
        return dir.resolve(".stop-hook-" + key.replaceAll("[^A-Za-z0-9_.-]", "_") + ".json");
    }
}
