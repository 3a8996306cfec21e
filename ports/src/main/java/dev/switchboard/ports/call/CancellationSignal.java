package dev.switchboard.ports.call;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Cancellation} that its owner raises: a transport when a client cancels or goes away, a plugin when a
 * resource the call depends on closes. Raised at most once; every registered action runs exactly once, on the thread
 * that raises the signal (or at once on the registering thread, when the signal is already raised). An action that
 * throws, against the contract of {@link Cancellation#onCancel}, is reported to the JDK's platform logger and does
 * not keep the others from running. Thread-safe.
 */
public final class CancellationSignal implements Cancellation {

    private static final System.Logger LOG = System.getLogger(CancellationSignal.class.getName());

    private final List<Runnable> actions = new ArrayList<>();
    private volatile boolean raised;

    @Override
    public boolean isCancelled() {
        return raised;
    }

    @Override
    public void onCancel(Runnable action) {
        synchronized (actions) {
            if (!raised) {
                actions.add(action);
                return;
            }
        }
        runQuietly(action);
    }

    /**
     * Raises the signal and runs the registered actions on this thread; later calls do nothing.
     *
     * @return true if this call raised it, false if it already was
     */
    public boolean raise() {
        List<Runnable> toRun;
        synchronized (actions) {
            if (raised) {
                return false;
            }
            raised = true;
            toRun = List.copyOf(actions);
            actions.clear();
        }
        toRun.forEach(CancellationSignal::runQuietly);
        return true;
    }

    /**
     * Forgets a registered action that is no longer needed (the work it would stop has ended), so that a long-lived
     * signal does not accumulate actions. Does nothing if the action is not registered or the signal is raised.
     *
     * @param action the action given to {@link #onCancel}
     */
    public void forget(Runnable action) {
        synchronized (actions) {
            actions.remove(action);
        }
    }

    private static void runQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "a cancellation action failed", e);
        }
    }
}
