package dev.switchboard.plugin.mailbox.wait.application;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Cancellation;

/**
 * The one waiting loop of both waits and of {@code /status}: watch the channel's change signal first
 * ({@link ChannelWakes}), then check, then sleep until a signal, the poll interval or the deadline, and check again;
 * the last check happens at the deadline. Watching before the first check makes it race-free: a commit after that
 * wakes the wait even if it landed before the sleep began. Cancelling the call ends the sleep at once.
 *
 * <p>A check reads through the {@link Reads} it is handed. The first check, and every check after the poll interval
 * or at the deadline, makes a read of its own; a check after a signal takes the read another wait of the channel made
 * for the same key after that signal, if there is one ({@link ChannelWakes.Watch#shared}): so the waits of one role
 * woken by one send read its counters once. Thread-safe; each call has its own watch.
 */
@Singleton
public final class Waiting {

    /** How a wait ended. */
    public enum End {
        /** The check found something. */
        FOUND,
        /** The deadline passed with nothing found. */
        TIMED_OUT,
        /** The call was cancelled. */
        CANCELLED
    }

    /**
     * What a wait ended with.
     *
     * @param end   how it ended
     * @param value what the check found, when {@link End#FOUND}
     * @param <T>   what the check finds
     */
    public record Result<T>(End end, Optional<T> value) {}

    /** How a check reads: one read per key per check, in its own read transaction. */
    public interface Reads {

        /**
         * @param key  what is read, the same for the same read of the channel (name the role in it)
         * @param load the read; its value must be immutable, since other waits may take it
         * @param <V>  what it reads
         * @return the value, of this read or of one another wait made after the signal that woke this check
         */
        <V> V read(String key, Supplier<V> load);
    }

    private final ChannelWakes wakes;

    @Inject
    Waiting(ChannelWakes wakes) {
        this.wakes = wakes;
    }

    /**
     * A wait whose check reads on its own, shared with nobody.
     *
     * @see #until(Caller, WaitBudget, Cancellation, Function)
     */
    public <T> Result<T> until(
            Caller caller, WaitBudget budget, Cancellation cancellation, Supplier<Optional<T>> check) {
        return until(caller, budget, cancellation, reads -> check.get());
    }

    /**
     * @param caller       whose channel to watch
     * @param budget       the validated budget
     * @param cancellation the call's cancellation
     * @param check        looks once, reading through the given {@link Reads}; empty when there is nothing yet
     * @param <T>          what it finds
     * @return how the wait ended
     */
    public <T> Result<T> until(
            Caller caller, WaitBudget budget, Cancellation cancellation, Function<Reads, Optional<T>> check) {
        long deadline = System.nanoTime() + budget.effective().toNanos();
        try (ChannelWakes.Watch watch = wakes.watch(caller.channelId())) {
            cancellation.onCancel(watch::cancel);
            boolean signalled = false;
            while (true) {
                if (cancellation.isCancelled()) {
                    return new Result<>(End.CANCELLED, Optional.empty());
                }
                Look look = new Look(watch, signalled ? watch.epoch() : Long.MAX_VALUE);
                Optional<T> found = check.apply(look);
                if (found.isPresent()) {
                    return new Result<>(End.FOUND, found);
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return new Result<>(End.TIMED_OUT, Optional.empty());
                }
                long sleep = Math.min(remaining, budget.pollInterval().toNanos());
                switch (watch.await(look.covered, sleep)) {
                    case CHANGED -> signalled = true;
                    case TIMED_OUT -> signalled = false;
                    case ENDED -> {
                        return new Result<>(End.CANCELLED, Optional.empty());
                    }
                }
            }
        }
    }

    /**
     * One check's reads: fresh ({@code freshAsOf} = {@link Long#MAX_VALUE}) or taken from a read begun at
     * {@code freshAsOf} or later; {@code covered} is the least epoch the check's reads began at, which the next sleep
     * waits past.
     */
    private static final class Look implements Reads {
        private final ChannelWakes.Watch watch;
        private final long freshAsOf;
        private long covered;

        Look(ChannelWakes.Watch watch, long freshAsOf) {
            this.watch = watch;
            this.freshAsOf = freshAsOf;
            // a check that reads on its own began its read after this
            this.covered = watch.epoch();
        }

        @Override
        public <V> V read(String key, Supplier<V> load) {
            ChannelWakes.Taken<V> taken =
                    freshAsOf == Long.MAX_VALUE ? watch.fresh(key, load) : watch.shared(key, freshAsOf, load);
            covered = Math.min(covered, taken.coveredEpoch());
            return taken.value();
        }
    }
}
