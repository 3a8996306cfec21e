package dev.switchboard.plugin.mailbox.hook.domain;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code status watch} rules (seed-features §1C.10), without I/O: one event when an actionable counter grows (and
 * one at the start if something is pending), no heartbeat; an outage reported once, the retry delay doubling from the
 * interval up to {@link #MAX_BACKOFF}; the recovery reported once. Not thread-safe: one watch loop.
 */
public final class WatchState {

    /** The longest delay between two attempts during an outage. */
    public static final Duration MAX_BACKOFF = Duration.ofSeconds(300);

    /**
     * Something to print and to journal.
     *
     * @param kind   {@code wake}, {@code outage} or {@code recovery}
     * @param line   the line to print
     * @param fields the journal entry's fields besides the time
     */
    public record Event(String kind, String line, Map<String, Object> fields) {}

    private final Duration interval;
    private Map<String, Integer> last;
    private boolean down;
    private int failures;

    /**
     * @param interval the delay between two attempts while the source answers, at least one second
     * @throws IllegalArgumentException if it is shorter
     */
    public WatchState(Duration interval) {
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("the interval must be at least 1 second");
        }
        this.interval = interval;
    }

    /**
     * @param counts the counts just read
     * @return the events to report (a recovery, a wake), possibly none
     */
    public List<Event> observed(RoleCounts counts) {
        List<Event> events = new ArrayList<>();
        if (down) {
            events.add(new Event("recovery", "recovered: the channel answers again", Map.of()));
            down = false;
        }
        failures = 0;
        boolean wake = last == null ? counts.isActionable() : new HookSnapshot(last, 1).grewTo(counts.counts());
        last = new LinkedHashMap<>(counts.counts());
        if (wake) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("role", counts.role());
            fields.put("pending", counts.pendingText());
            events.add(new Event("wake", "pending for '" + counts.role() + "': " + counts.pendingText(), fields));
        }
        return events;
    }

    /**
     * @param reason why the read failed
     * @return the outage event the first time, none while the outage lasts
     */
    public List<Event> failed(String reason) {
        failures++;
        if (down) {
            return List.of();
        }
        down = true;
        return List.of(new Event("outage", "outage: " + reason, Map.of("reason", reason)));
    }

    /** @return how long to wait before the next attempt */
    public Duration nextDelay() {
        if (failures == 0) {
            return interval;
        }
        Duration delay = interval;
        for (int i = 0; i < failures && delay.compareTo(MAX_BACKOFF) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }
}
