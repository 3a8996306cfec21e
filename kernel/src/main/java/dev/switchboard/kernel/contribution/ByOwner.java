package dev.switchboard.kernel.contribution;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The contributions of started plugins, one list per plugin, read as one list in the order the plugins registered.
 * Registering and withdrawing are synchronized; reading {@link #current()} is lock-free (one volatile immutable list,
 * replaced when a plugin starts or stops), so a plugin that stops takes its contributions with it at once.
 * Thread-safe.
 *
 * @param <T> what a plugin contributes (a credential resolver, a tool-call observer)
 */
public final class ByOwner<T> {

    /**
     * One contribution and the plugin it came from.
     *
     * @param owner the plugin id
     * @param value the contribution
     */
    public record Owned<T>(String owner, T value) {}

    private final Map<String, List<T>> byOwner = new LinkedHashMap<>();
    private volatile List<Owned<T>> current = List.of();

    /**
     * @param owner       the plugin id; a second registration replaces its first
     * @param contributed its contributions (none: nothing changes)
     */
    public synchronized void register(String owner, List<? extends T> contributed) {
        if (!contributed.isEmpty()) {
            byOwner.put(owner, List.copyOf(contributed));
            publish();
        }
    }

    /** @param owner the plugin whose contributions to withdraw; nothing changes when it has none */
    public synchronized void unregister(String owner) {
        if (byOwner.remove(owner) != null) {
            publish();
        }
    }

    /** @return every contribution, each with its plugin, in registration order; immutable */
    public List<Owned<T>> current() {
        return current;
    }

    private void publish() {
        current = byOwner.entrySet().stream()
                .flatMap(e -> e.getValue().stream().map(value -> new Owned<T>(e.getKey(), value)))
                .toList();
    }
}
