package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The message ids behind each actionable counter for one role at one moment. A count can stay level while its
 * contents change (one item read, another arrives); the ids cannot, which is what a waiter compares. Immutable.
 *
 * @param ids every counter with its ids (a counter absent from the map given is empty)
 */
public record ActionableIds(Map<ActionableCounter, Set<Long>> ids) {

    /** Nothing actionable. */
    public static final ActionableIds NONE = new ActionableIds(Map.of());

    /** @throws NullPointerException if the map or a value is null */
    public ActionableIds {
        EnumMap<ActionableCounter, Set<Long>> copy = new EnumMap<>(ActionableCounter.class);
        for (ActionableCounter counter : ActionableCounter.values()) {
            Set<Long> of = ids.get(counter);
            copy.put(counter, of == null ? Set.of() : Set.copyOf(new TreeSet<>(Objects.requireNonNull(of))));
        }
        ids = Map.copyOf(copy);
    }

    /**
     * @param counter a counter
     * @return its ids
     */
    public Set<Long> of(ActionableCounter counter) {
        return ids.get(counter);
    }

    /** @return the non-zero counters with their sizes, in the original's order (for {@code pending_at_entry}) */
    public Map<String, Integer> nonZeroCounts() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (ActionableCounter counter : ActionableCounter.values()) {
            int size = ids.get(counter).size();
            if (size > 0) {
                counts.put(counter.wire(), size);
            }
        }
        return counts;
    }

    /** @return whether any counter has an item */
    public boolean isEmpty() {
        return ids.values().stream().allMatch(Set::isEmpty);
    }
}
