package dev.switchboard.plugin.mailbox.hook.domain;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code status watch} rules (seed-features §1C.10), without I/O: one event when an actionable counter grows (and
 * one at the start if something is pending), no heartbeat; an outage reported once, the retry delay doubling from the
 * interval up to {@link #MAX_BACKOFF} ({@link RetryDelay}); the recovery reported once. A long poll that was held and
 * answered nothing pending is asked again at once (the seed's remote watch on {@code /status?wait=50}). Not
 * thread-safe: one watch loop.
 */
public final class WatchState {

    /** The longest delay between two attempts during an outage. */
    public static final Duration MAX_BACKOFF = RetryDelay.MAX_BACKOFF;

    /**
     * Something to print and to journal.
     *
     * @param kind   {@code wake}, {@code outage} or {@code recovery}
     * @param line   the line to print
     * @param fields the journal entry's fields besides the time
     */
    public record Event(String kind, String line, Map<String, Object> fields) {}

    private final RetryDelay delay;
    private Map<String, Integer> last;
    private boolean down;

    /**
     * @param interval the delay between two attempts while the source answers, at least one second
     * @throws IllegalArgumentException if it is shorter
     */
    public WatchState(Duration interval) {
        this.delay = new RetryDelay(interval);
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
        delay.answered();
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
        delay.failed();
        if (down) {
            return List.of();
        }
        down = true;
        return List.of(new Event("outage", "outage: " + reason, Map.of("reason", reason)));
    }

    /**
     * @return whether an outage was reported and no answer came since: the next attempt should then be a short one
     *     (a long poll would report the recovery only when it ends)
     */
    public boolean isDown() {
        return down;
    }

    /** @return how long to wait before the next attempt: the interval, or the back-off during an outage */
    public Duration nextDelay() {
        return delay.next();
    }

    /**
     * @param heldWithoutNews how long the last attempt, a long poll, was held before it answered nothing pending
     *                        ({@link Duration#ZERO} when it was no long poll, failed, or answered something pending)
     * @return zero after a long poll held at least {@link RetryDelay#MIN_HELD} without news (ask again at once), else
     *     {@link #nextDelay()}
     */
    public Duration nextDelay(Duration heldWithoutNews) {
        return delay.after(heldWithoutNews);
    }
}
