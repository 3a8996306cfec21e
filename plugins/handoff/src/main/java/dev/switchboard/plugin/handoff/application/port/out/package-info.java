/**
 * The narrow outbound ports the use cases need from storage, one {@code <Verb><Noun>Port} per need, plus the records
 * they exchange. Every port is implemented in {@code adapter.out.persistence}. Implementations MUST be thread-safe;
 * operations that change state MUST be atomic (all of it in one transaction, or nothing); any operation MAY throw
 * {@link dev.switchboard.plugin.handoff.application.port.out.StoreBusyException} when storage stayed locked by
 * another writer for too long.
 */
package dev.switchboard.plugin.handoff.application.port.out;
