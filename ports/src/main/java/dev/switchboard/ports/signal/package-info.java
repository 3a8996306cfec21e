/**
 * Change signals: wake-ups that tell other threads, processes and nodes sharing one database that a topic's state
 * changed, so they re-read it. Plugins inject {@link dev.switchboard.ports.signal.ChangeSignals}, publish inside the
 * transaction that makes the change and subscribe with a listener or a waiter. The kernel implements it on the open
 * storage's {@link dev.switchboard.ports.signal.SignalRelay} ({@link dev.switchboard.ports.storage.SqlStorage#signals()}),
 * which each storage adapter implements for its backend.
 */
package dev.switchboard.ports.signal;
