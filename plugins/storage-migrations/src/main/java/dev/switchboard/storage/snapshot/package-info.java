/**
 * The read snapshot of {@code SqlStorage.snapshot}, once for every storage adapter:
 * {@link dev.switchboard.storage.snapshot.SnapshotRead} runs read-only work on one connection in one transaction and
 * turns a failure into the port's exceptions by the adapter's own test of "busy or unreachable". The adapters keep
 * their connections, their isolation statement and their error codes; this package holds what they share. A library
 * bundled in each storage plugin's zip, not an extension point.
 */
package dev.switchboard.storage.snapshot;
