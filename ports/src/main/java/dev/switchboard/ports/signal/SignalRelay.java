package dev.switchboard.ports.signal;

import java.sql.Connection;
import java.util.Set;

/**
 * What a storage adapter implements for {@link ChangeSignals}: carrying topic names from a committing transaction to
 * every process and node on the same database. The kernel builds the subscriptions, coalescing and waiting on top of
 * it; plugins use {@link ChangeSignals} and never this.
 *
 * <p>An adapter MUST: make a {@link #publish} visible exactly when the publishing transaction commits (never for a
 * rolled-back one); report its own committed topics to the receiver at once after the commit; report other processes'
 * and nodes' commits of watched topics within a bounded delay (an adapter that tells them after the commit also bounds
 * what a crash between the two loses, by re-reporting watched topics at a bounded interval); do no background work while the watched set is empty;
 * and, when it may have missed changes (a lost connection, say), report every watched topic once it can read again.
 * Reporting a topic that did not change is allowed; missing one is not. Thread-safe.
 */
public interface SignalRelay {

    /**
     * Publishes inside the caller's transaction.
     *
     * @param transaction the connection of a running {@link dev.switchboard.ports.storage.SqlStorage#transaction}
     * @param topic       a topic already checked by {@link ChangeSignals#requireTopic}
     * @throws dev.switchboard.ports.storage.StorageException if the database refuses the statement
     * @throws IllegalStateException                          if called outside a transaction of this storage
     */
    void publish(Connection transaction, String topic);

    /**
     * Sets the topics to watch and where to report them; called by the kernel whenever its set of subscribed topics
     * changes, serialised, with the same receiver every time. An empty set stops all background work.
     *
     * @param topics   the topics with at least one subscription, an immutable set
     * @param receiver told the topics that changed, on any thread; returns at once
     */
    void watch(Set<String> topics, SignalReceiver receiver);
}
