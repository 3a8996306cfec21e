package dev.switchboard.plugin.workspace.application;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.switchboard.ports.call.Cancellation;

/**
 * A cancellation raised at most once by its owner (a workspace that closes, the owner's abort of a command): each
 * registered action runs once, at once when registered after the raise. Thread-safe.
 */
final class RaisedOnce implements Cancellation {

    private final AtomicBoolean raised = new AtomicBoolean();
    private final List<Runnable> actions = new CopyOnWriteArrayList<>();

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

    /** Forgets an action that is no longer needed (its command ended). */
    void forget(Runnable action) {
        actions.remove(action);
    }

    /** Raises it: runs every registered action once; later calls do nothing. */
    void raise() {
        if (raised.compareAndSet(false, true)) {
            for (Runnable action : actions) {
                if (actions.remove(action)) {
                    action.run();
                }
            }
        }
    }
}
