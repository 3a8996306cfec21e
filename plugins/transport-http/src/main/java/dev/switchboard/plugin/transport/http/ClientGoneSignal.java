package dev.switchboard.plugin.transport.http;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.switchboard.ports.call.Cancellation;

/** Raised once when an endpoint's client is known to be gone (or the server stops). Thread-safe. */
final class ClientGoneSignal implements Cancellation {

    private final AtomicBoolean raised = new AtomicBoolean();
    private final List<Runnable> actions = new CopyOnWriteArrayList<>();

    void raise() {
        if (raised.compareAndSet(false, true)) {
            actions.forEach(Runnable::run);
        }
    }

    @Override
    public boolean isCancelled() {
        return raised.get();
    }

    @Override
    public void onCancel(Runnable action) {
        actions.add(action);
        if (raised.get() && actions.remove(action)) {
            action.run();
        }
    }
}
