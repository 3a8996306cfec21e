package dev.switchboard.plugin.mailbox.wait.application;

import java.time.Duration;
import java.util.Optional;
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
 * The one waiting loop of both waits: subscribe to the channel's change signal first, then check, then sleep until a
 * signal, the poll interval or the deadline, and check again; the last check happens at the deadline. Subscribing
 * before the first check makes it race-free: a commit after the subscription wakes the wait even if it landed before
 * the sleep began. Cancelling the call closes the subscription, which ends the sleep at once. Thread-safe; each call
 * has its own subscription.
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

    private final ChangeSignals signals;

    @Inject
    Waiting(ChangeSignals signals) {
        this.signals = signals;
    }

    /**
     * @param caller       whose channel to watch
     * @param budget       the validated budget
     * @param cancellation the call's cancellation
     * @param check        looks once (in its own read transaction); empty when there is nothing yet
     * @param <T>          what it finds
     * @return how the wait ended
     */
    public <T> Result<T> until(
            Caller caller, WaitBudget budget, Cancellation cancellation, Supplier<Optional<T>> check) {
        long deadline = System.nanoTime() + budget.effective().toNanos();
        try (SignalSubscription changes = signals.subscribe(Transactions.signalTopic(caller.channelId()))) {
            cancellation.onCancel(changes::close);
            while (true) {
                if (cancellation.isCancelled()) {
                    return new Result<>(End.CANCELLED, Optional.empty());
                }
                Optional<T> found = check.get();
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
