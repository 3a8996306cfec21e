/**
 * Change signals: wake-ups that tell other threads, processes and nodes sharing one database that a topic's state
 * changed, so they re-read it. A storage adapter supplies them ({@link dev.switchboard.ports.storage.SqlStorage#signals()},
 * also injectable as {@link dev.switchboard.ports.signal.ChangeSignals}); plugins publish inside the transaction that
 * makes the change and subscribe with a listener or a waiter. {@link dev.switchboard.ports.signal.SignalHub} is the
 * in-process half every adapter shares.
 */
package dev.switchboard.ports.signal;
