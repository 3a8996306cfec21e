package dev.switchboard.kernel.plugin;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

import org.pf4j.PluginWrapper;

/**
 * Every plugin's current {@link PluginStatus}, by id, and a sorted list of them that is rebuilt only after a change:
 * {@code server_info} asks for the list on every call and compares it with the one its last answer was made of,
 * which is then an identity check. Thread-safe.
 */
final class PluginStatusBoard {

    private final Map<String, PluginStatus> statuses = new ConcurrentHashMap<>();
    private final AtomicLong version = new AtomicLong();
    private volatile Snapshot snapshot;

    void put(String id, PluginStatus status) {
        statuses.put(id, status);
        version.incrementAndGet();
    }

    /** Applies {@code change} to the plugin's status, if the plugin is known. */
    void update(String id, UnaryOperator<PluginStatus> change) {
        statuses.computeIfPresent(id, (key, status) -> change.apply(status));
        version.incrementAndGet();
    }

    /** Records a plugin as found: disabled, or stopped until it starts. */
    void found(PluginWrapper plugin) {
        PluginState state =
                plugin.getPluginState() == org.pf4j.PluginState.DISABLED ? PluginState.DISABLED : PluginState.STOPPED;
        put(
                plugin.getPluginId(),
                new PluginStatus(
                        plugin.getPluginId(),
                        plugin.getDescriptor().getVersion(),
                        plugin.getDescriptor().getPluginDescription(),
                        state,
                        null,
                        null,
                        List.of()));
    }

    /** Records a file or folder of the plugins directory that PF4J could not load, as a failed plugin. */
    void loadFailed(Path path, String reason) {
        String id = path.getFileName().toString();
        put(
                id,
                new PluginStatus(
                        id,
                        "?",
                        "",
                        PluginState.FAILED,
                        "cannot load: " + reason,
                        "cannot load: " + reason,
                        List.of()));
    }

    PluginStatus get(String id) {
        return statuses.get(id);
    }

    /** @return every status, sorted by id; the same list instance until the next change */
    List<PluginStatus> sorted() {
        long current = version.get();
        Snapshot known = snapshot;
        if (known != null && known.version() == current) {
            return known.statuses();
        }
        // Read after the version: a change made meanwhile is included, and bumps the version past the one stored.
        List<PluginStatus> fresh = statuses.values().stream()
                .sorted(Comparator.comparing(PluginStatus::id))
                .toList();
        snapshot = new Snapshot(current, fresh);
        return fresh;
    }

    private record Snapshot(long version, List<PluginStatus> statuses) {}
}
