package dev.switchboard.plugin.handoff.adapter.out.persistence;

import java.sql.Connection;

import jakarta.inject.Inject;

import org.jooq.DSLContext;

import dev.switchboard.plugin.handoff.application.HandoffListChanges;
import dev.switchboard.ports.signal.ChangeSignals;

/**
 * Publishes {@link HandoffListChanges#TOPIC} inside the transaction that changes the handoff list, so that every
 * process on the database (this one included) hears of it once, and only if, it commits. Thread-safe.
 */
final class ListChangeSignal {

    private final ChangeSignals signals;

    @Inject
    ListChangeSignal(ChangeSignals signals) {
        this.signals = signals;
    }

    /** @param transaction the connection of the changing {@code SqlStorage.transaction} */
    void publish(Connection transaction) {
        signals.publish(transaction, HandoffListChanges.TOPIC);
    }

    /** @param transaction the jOOQ context of the changing {@code Database.write} */
    void publish(DSLContext transaction) {
        transaction.connection(this::publish);
    }
}
