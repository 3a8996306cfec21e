package dev.switchboard.kernel.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Singleton;

import dev.switchboard.ports.observe.ToolCallObserver;
import dev.switchboard.ports.observe.ToolCallOutcome;
import dev.switchboard.ports.tool.ToolCall;

/**
 * The observers started plugins contribute, told of every call by the invoker. An observer that throws is reported
 * to {@link ObserverFailures} and the others are still told. Reading is lock-free (one volatile array, replaced when
 * a plugin starts or stops), so a call with observers costs two {@link System#nanoTime()} reads and the observers'
 * own work. Thread-safe.
 */
@Singleton
public final class ToolCallObservers {

    private static final Entry[] NONE = new Entry[0];

    private final Map<String, List<ToolCallObserver>> byOwner = new LinkedHashMap<>();
    private final ObserverFailures failures;
    private volatile Entry[] current = NONE;

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
    public synchronized void register(String owner, List<ToolCallObserver> contributed) {
        if (!contributed.isEmpty()) {
            byOwner.put(owner, List.copyOf(contributed));
            publish();
        }
    }

    /** @param owner the plugin whose observers to withdraw */
    public synchronized void unregister(String owner) {
        if (byOwner.remove(owner) != null) {
            publish();
        }
    }

    /** @return whether any observer is registered; when not, the invoker skips timing altogether */
    boolean any() {
        return current.length > 0;
    }

    void started(ToolCall call) {
        for (Entry entry : current) {
            try {
                entry.observer().started(call);
            } catch (RuntimeException e) {
                failures.report(entry.owner(), entry.observer(), e);
            }
        }
    }

    void finished(ToolCall call, ToolCallOutcome outcome, long durationNanos) {
        for (Entry entry : current) {
            try {
                entry.observer().finished(call, outcome, durationNanos);
            } catch (RuntimeException e) {
                failures.report(entry.owner(), entry.observer(), e);
            }
        }
    }

    private void publish() {
        current = byOwner.entrySet().stream()
                .flatMap(e -> e.getValue().stream().map(observer -> new Entry(e.getKey(), observer)))
                .toArray(Entry[]::new);
    }

    private record Entry(String owner, ToolCallObserver observer) {}
}
