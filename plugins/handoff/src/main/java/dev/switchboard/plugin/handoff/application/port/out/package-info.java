/**
 * The narrow outbound ports the use cases need from storage, one {@code <Verb><Noun>Port} per need, plus the records
 * they exchange. Every port is implemented in {@code adapter.out.persistence}. Implementations MUST be thread-safe;
 * operations that change state MUST be atomic (all of it in one transaction, or nothing); any operation MAY throw
 * {@link dev.switchboard.plugin.handoff.application.port.out.StoreBusyException} when storage stayed busy
 * (locked by another writer, timed out, unreachable) past the storage adapter's own waiting and retries.
 */
package dev.switchboard.plugin.handoff.application.port.out;
