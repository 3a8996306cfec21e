package dev.switchboard.plugin.mailbox.wait.application;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.wait.domain.WaitBudget;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;

/**
 * The one waiting loop of both waits and of {@code /status}: subscribe to the channel's change signal first, then
 * check, then sleep until a signal, the poll interval or the deadline, and check again; the last check happens at the
 * deadline. Subscribing before the first check makes it race-free: a commit after the subscription wakes the wait even
 * if it landed before the sleep began. Cancelling the call closes the subscription, which ends the sleep at once.
 *
 * <p>A check reads through the {@link Reads} it is handed: any read of the same key that began after the check did
 * serves it ({@link ChannelWakes}), so the waits of one role woken by one send share their reads of its state. Each
 * call has its own subscription, so a signal wakes every wait at once, as before. Thread-safe.
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

    /** How a check reads, each read in its own read transaction. */
    public interface Reads {

        /**
         * @param key  what is read, the same for the same read of the channel (name the role in it)
         * @param load the read; its value must be immutable, since other waits may take it
         * @param <V>  what it reads
         * @return the value of a read of {@code key} that began after this check did: this check's own, or another
         *     wait's
         */
        <V> V read(String key, Supplier<V> load);
    }

    private final ChangeSignals signals;
    private final ChannelWakes wakes;

    @Inject
    Waiting(ChangeSignals signals, ChannelWakes wakes) {
        this.signals = signals;
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
        try (SignalSubscription changes = signals.subscribe(Transactions.signalTopic(caller.channelId()));
                ChannelWakes.Watch watch = wakes.watch(caller.channelId())) {
            cancellation.onCancel(changes::close);
            while (true) {
                if (cancellation.isCancelled()) {
                    return new Result<>(End.CANCELLED, Optional.empty());
                }
                long checkStarted = System.nanoTime();
                Optional<T> found = check.apply(new Reads() {
                    @Override
                    public <V> V read(String key, Supplier<V> load) {
                        return watch.read(key, checkStarted, load);
                    }
                });
                if (found.isPresent()) {
                    return new Result<>(End.FOUND, found);
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    return new Result<>(End.TIMED_OUT, Optional.empty());
                }
                Duration sleep = Duration.ofNanos(
                        Math.min(remaining, budget.pollInterval().toNanos()));
                if (!changes.await(sleep)
                        && (!changes.isOpen() || Thread.currentThread().isInterrupted())) {
                    return new Result<>(End.CANCELLED, Optional.empty());
                }
            }
        }
    }
}
