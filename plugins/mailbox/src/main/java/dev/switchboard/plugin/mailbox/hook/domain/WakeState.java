package dev.switchboard.plugin.mailbox.hook.domain;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code hook wake} rules (beyond the seed), without I/O. The first counters read are the baseline: what
 * was pending when the session went idle is the stop hook's to remind of, never a reason to wake. Afterwards it wakes
 * only when some actionable counter grew above the baseline <em>and</em> above the last reminder (the shared
 * {@link HookSnapshot}: a set the stop hook already blocked on, or an earlier wake, is not woken for again). Counters
 * that fell (a drain: items read or resolved) lower the baseline, so a new item reaching the old level wakes. A
 * failed read never wakes; the next attempt then waits as {@link RetryDelay} says. Not thread-safe: one loop.
 */
public final class WakeState {

    /** What the woken session is told, after the counters. */
    public static final String INSTRUCTION = "New items arrived while this session was idle: call channel_status,"
            + " then triage (read_inbox for unread messages, open_obligations for debts, awaiting_ack for"
            + " proposals).";

    private final RetryDelay delay;
    private Map<String, Integer> baseline;

    /**
     * @param interval the delay between two attempts while the source answers (and the back-off's base), at least one
     *                 second
     * @throws IllegalArgumentException if it is shorter
     */
    public WakeState(Duration interval) {
        this.delay = new RetryDelay(interval);
    }

    /**
     * @param now      the counters just read
     * @param reminded the last reminder's snapshot (the stop hook's block or a wake), if one is kept
     * @return the text to wake the session with, or empty to sleep on
     */
    public Optional<String> observed(RoleCounts now, Optional<HookSnapshot> reminded) {
        delay.answered();
        Map<String, Integer> before = baseline;
        baseline = new LinkedHashMap<>(now.counts());
        if (before == null) {
            return Optional.empty();
        }
        boolean grew = new HookSnapshot(before, 1).grewTo(now.counts())
                && reminded.map(last -> last.grewTo(now.counts())).orElse(true);
        return grew
                ? Optional.of(
                        "channel has new items for '" + now.role() + "': " + now.pendingText() + ". " + INSTRUCTION)
                : Optional.empty();
    }

    /** @return whether a baseline has been read */
    public boolean hasBaseline() {
        return baseline != null;
    }

    /** Records a failed read: it never wakes, and the next attempt backs off. */
    public void failed() {
        delay.failed();
    }

    /**
     * @param heldWithoutNews how long the last attempt, a long poll, was held before it answered nothing new
     *                        ({@link Duration#ZERO} when it was no long poll or it failed)
     * @return zero after a long poll held at least {@link RetryDelay#MIN_HELD} (ask again at once), else the interval,
     *     or the back-off during an outage
     */
    public Duration nextDelay(Duration heldWithoutNews) {
        return delay.after(heldWithoutNews);
    }

    /** @return the snapshot a wake leaves for the stop hook: these counters, reminded of once */
    public static HookSnapshot reminderOf(RoleCounts now) {
        return new HookSnapshot(now.counts(), 1);
    }
}
