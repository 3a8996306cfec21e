package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells interested adapters that the set of handoffs changed: a publish committed a new one, or a registration merged
 * legacy projects (their handoffs moved). The MCP resource adapter uses it to have the listed {@code handoff://}
 * resources brought up to date. Listeners run on the thread of the change, after its commit, and must return at once;
 * one that throws is logged and does not affect the change or the other listeners. Thread-safe.
 */
@Singleton
public final class HandoffListChanges {

    private static final Logger LOG = LoggerFactory.getLogger(HandoffListChanges.class);

    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** @param listener called after each change */
    public void subscribe(Runnable listener) {
        listeners.add(listener);
    }

    void changed() {
        for (Runnable listener : listeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.warn("a handoff list listener failed", e);
            }
        }
    }
}
