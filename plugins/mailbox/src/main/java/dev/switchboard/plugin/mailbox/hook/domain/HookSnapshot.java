package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the stop hook remembers between the attempts of one stop chain: the counters it last blocked on and how many
 * times it has blocked. Immutable.
 *
 * @param counts the actionable counters at the last block, by wire name
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
}
