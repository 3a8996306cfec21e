package dev.switchboard.ports.transport;

import java.security.SecureRandom;

/**
 * The secret a transport seals the state it hands to a client with, so that the client cannot forge it and any node
 * of the same store can open it: the modern era's {@code requestState} of an input-required result (MCP 2026-07-28,
 * ADR 46). Implemented by the kernel, which draws the key once and keeps it in the store, so every node of one store
 * (processes on one SQLite file, nodes on one PostgreSQL schema) shares it without setup; given to transports in their
 * {@link TransportContext}. Implementations are thread-safe.
 */
@FunctionalInterface
public interface SealingKey {

    /** The length of a key, in bytes (an HMAC-SHA256 key of the hash's own size). */
    int BYTES = 32;

    /**
     * @return the key in force, {@value #BYTES} bytes, a copy the caller may keep; after a rotation (the store's key
     *         deleted, a new one drawn), the new key within the implementation's refresh period
     * @throws dev.switchboard.ports.storage.StorageException if the store cannot be read or written now (a transport
     *                                                        answers UNAVAILABLE; the same call may succeed later)
     */
    byte[] current();

    /**
     * A key drawn at random now and kept in this instance's memory only: for a context with no store behind it (tests
     * of a transport alone). State sealed with it opens only in this process, and not after a restart.
     *
     * @return a new key source of one random key
     */
    static SealingKey inMemory() {
        byte[] key = new byte[BYTES];
        new SecureRandom().nextBytes(key);
        return key::clone;
    }
}
