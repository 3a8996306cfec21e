package dev.switchboard.kernel.catalog;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Contributions of one kind, kept by the id of the plugin that made them. Thread-safe.
 *
 * @param <T> the contribution type
 */
final class Contributions<T> {

    private final Map<String, List<T>> byOwner = new ConcurrentHashMap<>();

    void add(String owner, List<T> items) {
        if (!items.isEmpty()) {
            byOwner.merge(
                    owner,
                    List.copyOf(items),
                    (a, b) -> Stream.concat(a.stream(), b.stream()).toList());
        }
    }

    void remove(String owner) {
        byOwner.remove(owner);
    }

    /** @return whether no plugin contributed anything */
    boolean isEmpty() {
        return byOwner.isEmpty();
    }

    Stream<T> stream() {
        return byOwner.entrySet().stream().sorted(Map.Entry.comparingByKey()).flatMap(e -> e.getValue().stream());
    }
}
