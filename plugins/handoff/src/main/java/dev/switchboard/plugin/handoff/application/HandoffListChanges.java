package dev.switchboard.plugin.handoff.application;

import jakarta.inject.Inject;

import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;

/**
 * Tells interested adapters that the set of handoffs changed: a publish committed a new one, or a registration merged
 * legacy projects (their handoffs moved), in this process or in any other on the same database. It is the change
 * signal {@value #TOPIC}: the persistence adapter publishes it inside the transaction that makes the change, so it is
 * delivered once that commits and never for a rolled-back one; the MCP resource adapter subscribes to have the listed
 * {@code handoff://} resources brought up to date. Delivery is at least once and coalesced, on a thread of the storage
 * adapter (see {@link ChangeSignals}). Thread-safe.
 */
public final class HandoffListChanges {

    /** The change-signal topic of the handoff list. */
    public static final String TOPIC = "handoff.list";

    private final ChangeSignals signals;

    /** @param signals the storage's change signals */
    @Inject
    public HandoffListChanges(ChangeSignals signals) {
        this.signals = signals;
    }

    /**
     * @param listener called after changes, at least once after each; must return promptly
     * @return the subscription; closing it stops the calls
     */
    public SignalSubscription subscribe(Runnable listener) {
        return signals.subscribe(TOPIC, listener);
    }
}
