package dev.switchboard.bridge.mcp;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.call.Cancellation;

/**
 * The cancellation signal of one tool call, raised at most once, remembering whether the server raised it because it
 * is stopping ({@link #cancelForShutdown()}) rather than for the client. Thread-safe.
 */
final class CallCancellation implements Cancellation {

    private static final Logger LOG = LoggerFactory.getLogger(CallCancellation.class);

    private final List<Runnable> actions = new ArrayList<>();
    private volatile boolean cancelled;
    private volatile boolean byShutdown;

    @Override
    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public void onCancel(Runnable action) {
        synchronized (actions) {
            if (!cancelled) {
                actions.add(action);
                return;
            }
        }
        runQuietly(action);
    }

    /**
     * @return whether the signal was raised first by {@link #cancelForShutdown()}: the server is stopping, the client
     *     did not ask
     */
    boolean byShutdown() {
        return byShutdown;
    }

    /** Raises the signal because the server is stopping (when not already raised); see {@link #byShutdown()}. */
    void cancelForShutdown() {
        synchronized (actions) {
            if (!cancelled) {
                byShutdown = true;
            }
        }
        cancel();
    }

    /** Raises the signal and runs the registered actions on this thread; later calls do nothing. */
    void cancel() {
        List<Runnable> toRun;
        synchronized (actions) {
            if (cancelled) {
                return;
            }
            cancelled = true;
            toRun = List.copyOf(actions);
            actions.clear();
        }
        toRun.forEach(CallCancellation::runQuietly);
    }

    private static void runQuietly(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            // The contract forbids throwing here; one broken action must not keep the others from running.
            LOG.warn("a cancellation action failed", e);
        }
    }
}
