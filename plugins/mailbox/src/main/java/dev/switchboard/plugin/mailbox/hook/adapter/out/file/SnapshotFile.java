package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;
import dev.switchboard.plugin.mailbox.hook.domain.HookSnapshot;

/**
 * The stop hook's snapshots as small JSON files in the state directory, {@code .stop-hook-<key>.json}
 * ({@code {"counts": {...}, "blocks": n}}), written to a temporary file and moved into place. A file that does not
 * parse counts as no snapshot. Thread-safe for distinct keys; one hook process per key at a time.
 */
public final class SnapshotFile implements SnapshotStore {

    /** jackson-core's streaming API rather than a data-binding mapper: the stop hook's start-up (ADR 25). */
    private static final JsonFactory JSON = JsonFactory.builder().build();

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
        try (JsonParser parser = JSON.createParser(ObjectReadContext.empty(), Files.readString(file))) {
            return snapshot(parser);
        } catch (IOException | JacksonException e) {
            return Optional.empty();
        }
    }

    /** @return the snapshot of {@code {"counts": {name: int, ...}, "blocks": int}}; empty for any other shape */
    private static Optional<HookSnapshot> snapshot(JsonParser parser) {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            return Optional.empty();
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        int blocks = 0;
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if (name.equals("blocks") && value == JsonToken.VALUE_NUMBER_INT) {
                blocks = parser.getIntValue();
            } else if (name.equals("counts") && value == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                    String counter = parser.currentName();
                    if (parser.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                        return Optional.empty();
                    }
                    counts.put(counter, parser.getIntValue());
                }
            } else {
                return Optional.empty();
            }
        }
        return blocks < 1 || parser.nextToken() != null
                ? Optional.empty()
                : Optional.of(new HookSnapshot(counts, blocks));
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
            Files.writeString(temporary, text(snapshot.get()));
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the stop hook's snapshot " + file, e);
        }
    }

    private static String text(HookSnapshot snapshot) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = JSON.createGenerator(ObjectWriteContext.empty(), text)) {
            generator.writeStartObject();
            generator.writeName("counts");
            generator.writeStartObject();
            snapshot.counts().forEach(generator::writeNumberProperty);
            generator.writeEndObject();
            generator.writeNumberProperty("blocks", snapshot.blocks());
            generator.writeEndObject();
        }
        return text.toString();
    }

    private Path file(String key) {
        return dir.resolve(".stop-hook-" + key.replaceAll("[^A-Za-z0-9_.-]", "_") + ".json");
    }
}
