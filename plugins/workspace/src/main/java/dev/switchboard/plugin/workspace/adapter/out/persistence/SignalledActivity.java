package dev.switchboard.plugin.workspace.adapter.out.persistence;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.storage.SqlStorage;

/**
 * Publishes {@value ActivitySignal#TOPIC} in a transaction of its own (ADR 17): the activity it announces lives in
 * memory, so there is no data transaction to publish in. One small transaction per workspace opened or closed and per
 * command started or ended. Thread-safe.
 */
@Singleton
public final class SignalledActivity implements ActivitySignal {

    private static final Logger LOG = LoggerFactory.getLogger(SignalledActivity.class);

    private final SqlStorage storage;
    private final ChangeSignals signals;

    @Inject
    SignalledActivity(SqlStorage storage, ChangeSignals signals) {
        this.storage = storage;
        this.signals = signals;
    }

    @Override
    public void changed() {
        try {
            storage.transaction(connection -> {
                signals.publish(connection, TOPIC);
                return null;
            });
        } catch (RuntimeException e) {
            LOG.warn("the workspace's activity signal could not be published (a live board misses this change)", e);
        }
    }
}
