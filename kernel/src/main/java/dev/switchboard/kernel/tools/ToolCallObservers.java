package dev.switchboard.kernel.tools;

import java.util.List;

import jakarta.inject.Singleton;

import dev.switchboard.kernel.contribution.ByOwner;
import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.tool.ToolCall;

/**
 * The observers started plugins contribute, told of every call by the invoker. An observer that throws is reported
 * to {@link ObserverFailures} and the others are still told. Kept {@link ByOwner}: reading is lock-free, so a call with observers costs two {@link System#nanoTime()} reads and the observers'
 * own work. Thread-safe.
 */
@Singleton
public final class ToolCallObservers {

    private final ByOwner<ToolCallObserver> observers = new ByOwner<>();
    private final ObserverFailures failures;

    /** Observers whose failures are logged at most once a minute each. */
    public ToolCallObservers() {
        this(new ObserverFailures());
    }

    ToolCallObservers(ObserverFailures failures) {
        this.failures = failures;
    }

    /**
     * @param owner       the plugin id
     * @param contributed its observers
     */
    public void register(String owner, List<ToolCallObserver> contributed) {
        observers.register(owner, contributed);
    }

    /** @param owner the plugin whose observers to withdraw */
    public void unregister(String owner) {
        observers.unregister(owner);
    }

    /** @return whether any observer is registered; when not, the invoker skips timing altogether */
    boolean any() {
        return !observers.current().isEmpty();
    }

    void started(ToolCall call) {
        for (ByOwner.Owned<ToolCallObserver> entry : observers.current()) {
            try {
                entry.value().started(call);
            } catch (RuntimeException e) {
                failures.report(entry.owner(), entry.value(), e);
            }
        }
    }

    void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos) {
        for (ByOwner.Owned<ToolCallObserver> entry : observers.current()) {
            try {
                entry.value().finished(call, outcome, durationNanos);
            } catch (RuntimeException e) {
                failures.report(entry.owner(), entry.value(), e);
            }
        }
    }
}
