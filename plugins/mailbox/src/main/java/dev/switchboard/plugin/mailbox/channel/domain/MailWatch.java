package dev.switchboard.plugin.mailbox.channel.domain;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What {@code wait_for_mail} has already seen, by id, so that it wakes only on a new item in an actionable counter,
 * even when another item left the same counter meanwhile (a count would stay level). An item that leaves and later
 * comes back counts as new. Not thread-safe: one wait owns one watch.
 */
public final class MailWatch {

    private final Map<ActionableCounter, Set<Long>> known = new EnumMap<>(ActionableCounter.class);

    /**
     * @param atEntry       the ids when the wait began
     * @param ignoreBacklog true to treat them as seen (the default); false so that anything pending wakes at once
     */
    public MailWatch(ActionableIds atEntry, boolean ignoreBacklog) {
        for (ActionableCounter counter : ActionableCounter.values()) {
            known.put(counter, ignoreBacklog ? new HashSet<>(atEntry.of(counter)) : new HashSet<>());
        }
    }

    /**
     * Compares a fresh reading with what was seen, then forgets what left, so that a returning item is new again.
     *
     * @param now the ids now
     * @return the counters that gained an id, each with its current size, in the original's order; empty when nothing
     *     is new
     */
    public Map<String, Integer> newSince(ActionableIds now) {
        Map<String, Integer> pending = new LinkedHashMap<>();
        for (ActionableCounter counter : ActionableCounter.values()) {
            Set<Long> ids = now.of(counter);
            Set<Long> seen = known.get(counter);
            if (!seen.containsAll(ids)) {
                pending.put(counter.wire(), ids.size());
            }
            seen.retainAll(ids);
        }
        return pending;
    }
}
