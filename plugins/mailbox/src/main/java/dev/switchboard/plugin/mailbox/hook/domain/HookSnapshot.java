package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the stop hook and {@code hook wake} remember of the last reminder: the counters it was given for (a block of
 * the stop hook, or a wake) and how many times the current stop chain has blocked. Across chains it is the reminder
 * budget: the same unchanged counters are never reminded of twice. Immutable.
 *
 * @param counts the actionable counters at the last reminder, by wire name
 * @param blocks how many blocks this chain has had (1..{@value StopDecision#MAX_BLOCKS})
 */
public record HookSnapshot(Map<String, Integer> counts, int blocks) {

    /** @throws IllegalArgumentException if {@code blocks} is below 1 */
    public HookSnapshot {
        counts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(counts));
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks must be at least 1, was " + blocks);
        }
    }

    /**
     * @param now the counters now
     * @return whether some counter is above its value in this snapshot (a counter the snapshot lacks counts as 0)
     */
    public boolean grewTo(Map<String, Integer> now) {
        return now.entrySet().stream().anyMatch(e -> e.getValue() > counts.getOrDefault(e.getKey(), 0));
    }

    /**
     * @param now the counters now
     * @return whether every counter has its value in this snapshot (a counter missing on either side counts as 0):
     *     the same set of pending items, as far as the counters tell
     */
    public boolean sameAs(Map<String, Integer> now) {
        return !grewTo(now)
                && counts.entrySet().stream().allMatch(e -> now.getOrDefault(e.getKey(), 0) >= e.getValue());
    }
}
