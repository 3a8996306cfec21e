package dev.switchboard.plugin.mailbox.hook.application;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.RemoteCounts;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SleeperSlots;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SnapshotStore;
import dev.switchboard.plugin.mailbox.hook.domain.HookSnapshot;
import dev.switchboard.plugin.mailbox.hook.domain.RetryDelay;
import dev.switchboard.plugin.mailbox.hook.domain.RoleCounts;
import dev.switchboard.plugin.mailbox.hook.domain.WakeState;

/**
 * One run of {@code hook wake} (experimental; ADR 26): the counts read once as the baseline ({@link CountsLookup}),
 * the (session, role) slot taken ({@link SleeperSlots}), then one long poll after another until an actionable counter
 * grows as {@link WakeState} says (the reminder is recorded in the stop hook's snapshot, {@link SnapshotStore}, so the
 * stop hook does not block on the same counters again), or until {@code max} has passed. Remotely each poll is
 * {@code GET /status?wait=50} (asked again at once after a held answer without news, after the interval when
 * something stays pending); locally the store is read every interval. A failure at the start ends the run; a failure
 * later is retried with the back-off, and never wakes, except a wrong setup or a token the server refuses (401, 403,
 * a held poll's {@code FORBIDDEN}: {@link HookFailure#isTokenRefused()}), which end it as at the start. Not thread-safe: one run per process.
 */
@Singleton
public final class WakeHook {

    /** How a run ended. */
    public sealed interface Result {

        /**
         * Something new is actionable: exit with the re-wake status.
         *
         * @param reason what to tell the session
         * @param warning a line for standard error besides, or empty
         */
        record Woken(String reason, Optional<String> warning) implements Result {}

        /**
         * No reason to wake within the bounded time.
         *
         * @param after how long it slept
         */
        record Ended(Duration after) implements Result {}

        /** Another live sleeper holds this session and role: this one leaves at once. */
        record Busy() implements Result {}

        /**
         * It could not start, or its setup turned out wrong: it never wakes.
         *
         * @param message what failed (never a token)
         */
        record Failed(String message) implements Result {}
    }

    private final CountsLookup lookup;
    private final SnapshotStore snapshots;
    private final SleeperSlots slots;

    @Inject
    WakeHook(CountsLookup lookup, SnapshotStore snapshots, SleeperSlots slots) {
        this.lookup = lookup;
        this.snapshots = snapshots;
        this.slots = slots;
    }

    /**
     * @param session  the client's session id (a file-name-safe word is made of it)
     * @param interval the local poll's interval, the pause between two asks while something stays pending, and the
     *                 back-off's base; at least one second
     * @param max      how long to sleep at most
     * @return how it ended; the calling thread sleeps meanwhile (an interrupt ends the run as {@link Result.Ended})
     * @throws IllegalArgumentException if {@code interval} is shorter than a second
     */
    public Result run(String session, Duration interval, Duration max) {
        long start = System.nanoTime();
        long deadline = start + max.toNanos();
        WakeState state = new WakeState(interval);
        CountsLookup.Found first;
        try {
            first = lookup.lookup(Optional.empty());
        } catch (HookFailure e) {
            return new Result.Failed(e.getMessage());
        }
        if (first.counts().isEmpty()) {
            return new Result.Failed("no mailbox role is configured for this hook (plugins.mailbox.role or"
                    + " AI_AGENT_CHANNEL_ROLE locally; a role token remotely): nothing to wake for");
        }
        String key = first.snapshotKey();
        Optional<SleeperSlots.Slot> slot;
        try {
            slot = slots.take(session + "-" + key);
        } catch (UncheckedIOException e) {
            return new Result.Failed(e.getMessage());
        }
        if (slot.isEmpty()) {
            return new Result.Busy();
        }
        try (SleeperSlots.Slot held = slot.get()) {
            state.observed(first.counts().get(), snapshots.load(key));
            // Remotely the first long poll starts at once; locally the first read is after one interval.
            Duration heldWithoutNews = lookup.isRemote() ? RetryDelay.MIN_HELD : Duration.ZERO;
            while (true) {
                long remaining = deadline - System.nanoTime();
                Duration pause = state.nextDelay(heldWithoutNews);
                if (pause.toNanos() >= remaining) {
                    sleep(Duration.ofNanos(Math.max(0, remaining)));
                    return new Result.Ended(Duration.ofNanos(System.nanoTime() - start));
                }
                if (!sleep(pause)) {
                    return new Result.Ended(Duration.ofNanos(System.nanoTime() - start));
                }
                remaining = deadline - System.nanoTime();
                int waitS = (int) Math.max(
                        0,
                        Math.min(
                                RemoteCounts.MAX_WAIT_S,
                                Duration.ofNanos(remaining).toSeconds()));
                long asked = System.nanoTime();
                RoleCounts now;
                try {
                    now = lookup.poll(Optional.empty(), waitS).counts().orElseThrow();
                } catch (HookFailure e) {
                    if (e.kind() == HookFailure.Kind.SETUP
                            || e.kind() == HookFailure.Kind.UNKNOWN
                            || e.isTokenRefused()) {
                        // a token refused mid-sleep (revoked, its channel deleted) ends it as one refused at the start
                        return new Result.Failed(e.getMessage());
                    }
                    state.failed();
                    heldWithoutNews = Duration.ZERO;
                    continue;
                }
                heldWithoutNews = lookup.isRemote() ? Duration.ofNanos(System.nanoTime() - asked) : Duration.ZERO;
                Optional<String> reason = state.observed(now, snapshots.load(key));
                if (reason.isPresent()) {
                    return new Result.Woken(reason.get(), remember(key, WakeState.reminderOf(now)));
                }
            }
        }
    }

    /** @return a warning when the reminder cannot be recorded (the wake stands: the news is real) */
    private Optional<String> remember(String key, HookSnapshot reminder) {
        try {
            snapshots.store(key, Optional.of(reminder));
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** @return false when interrupted */
    private static boolean sleep(Duration pause) {
        try {
            Thread.sleep(pause);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
