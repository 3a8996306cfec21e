package dev.switchboard.kernel.plugin;

import java.util.Optional;

import jakarta.inject.Provider;
import jakarta.inject.Singleton;

import dev.switchboard.kernel.signal.SignalFanout;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.storage.SqlStorage;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.storage.StorageProvider;

/**
 * Holds the one open storage, and provides it as {@link SqlStorage} to plugins, with the {@link ChangeSignals} built
 * on its relay. Thread-safe.
 */
@Singleton
public final class StorageAccess implements Provider<SqlStorage> {

    private volatile StorageProvider provider;
    private boolean existingOnly;
    private boolean refused;
    private volatile SqlStorage storage;
    private volatile SignalFanout signals;
    private volatile String unavailableReason = "no storage plugin has started";
    private volatile String unavailableClientReason = unavailableReason;

    /**
     * @return the open storage
     * @throws StorageException if none is open, saying why
     */
    @Override
    public SqlStorage get() {
        SqlStorage open = storage;
        if (open == null) {
            throw new StorageUnavailableException(unavailableReason, unavailableClientReason);
        }
        return open;
    }

    /**
     * @return the change signals of the open storage, built on its relay when it opened
     * @throws StorageException if none is open, saying why
     */
    public ChangeSignals signals() {
        SignalFanout open = signals;
        if (open == null) {
            throw new StorageUnavailableException(unavailableReason, unavailableClientReason);
        }
        return open;
    }

    /** @return the open storage, or empty */
    public Optional<SqlStorage> current() {
        return Optional.ofNullable(storage);
    }

    /**
     * From now on the backend is opened only if its database exists ({@link StorageProvider#openExisting()}): for the
     * storage-only start of a subcommand, which must not create a store.
     */
    synchronized void requireExisting() {
        existingOnly = true;
    }

    synchronized void open(StorageProvider chosen) {
        if (storage != null) {
            throw new StorageException("a storage backend is already open: " + storage.backend());
        }
        SqlStorage opened;
        try {
            opened = existingOnly ? chosen.openExisting() : chosen.open();
        } catch (StorageOpenException e) {
            throw e;
        } catch (StorageException e) {
            if (existingOnly) {
                // not the plugin's failure: the store is missing (or unusable); the command says why, in one line
                refused = true;
                unavailable(e.getMessage());
                return;
            }
            throw new StorageOpenException(e);
        }
        provider = chosen;
        signals = new SignalFanout(opened.signals());
        storage = opened;
    }

    /** @return whether the backend's {@code openExisting} refused (a missing store); see {@link #unavailableReason} */
    synchronized boolean refused() {
        return refused;
    }

    /** @return why no storage is open (meaningful only while {@link #current()} is empty) */
    String unavailableReason() {
        return unavailableReason;
    }

    void unavailable(String reason) {
        unavailable(reason, reason);
    }

    /**
     * @param reason       why no storage is open, for the operator
     * @param clientReason the same as clients may be told (no host, port, user or path)
     */
    void unavailable(String reason, String clientReason) {
        unavailableReason = reason;
        unavailableClientReason = clientReason;
    }

    synchronized void close() {
        StorageProvider open = provider;
        SignalFanout subscriptions = signals;
        provider = null;
        storage = null;
        signals = null;
        if (subscriptions != null) {
            subscriptions.close();
        }
        if (open != null) {
            open.close();
        }
    }
}
