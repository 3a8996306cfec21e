package dev.switchboard.plugin.workspace;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.switchboard.ports.call.Cancellation;

/** A cancellation a test raises by hand, standing in for a client's {@code notifications/cancelled}. */
final class ManualCancellation implements Cancellation {

    private final List<Runnable> actions = new CopyOnWriteArrayList<>();
    private volatile boolean raised;

    @Override
    public boolean isCancelled() {
        return raised;
    }

    @Override
    public void onCancel(Runnable action) {
        actions.add(action);
        if (raised && actions.remove(action)) {
            action.run();
        }
    }

    void raise() {
        raised = true;
        for (Runnable action : actions) {
            if (actions.remove(action)) {
                action.run();
            }
        }
    }
}
