package dev.switchboard.plugin.handoff.adapter.out.persistence;

import jakarta.inject.Inject;

import org.jooq.DSLContext;

import dev.switchboard.plugin.handoff.application.HandoffProgress;
import dev.switchboard.ports.signal.ChangeSignals;

/**
 * Publishes {@link HandoffProgress#TOPIC} inside the transaction that moves a cursor or records an application, so
 * that every process on the database hears of it once, and only if, it commits. Thread-safe.
 */
final class ProgressSignal {

    private final ChangeSignals signals;

    @Inject
    ProgressSignal(ChangeSignals signals) {
        this.signals = signals;
    }

    /** @param transaction the jOOQ context of the changing {@code Database.write} */
    void publish(DSLContext transaction) {
        transaction.connection(connection -> signals.publish(connection, HandoffProgress.TOPIC));
    }
}
