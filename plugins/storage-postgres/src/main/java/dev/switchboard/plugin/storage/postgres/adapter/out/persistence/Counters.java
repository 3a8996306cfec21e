package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.concurrent.atomic.LongAdder;

import dev.switchboard.ports.storage.StorageStatistics;

/** Counts transactions as they end, and each time one met a busy database or was retried. Thread-safe. */
final class Counters {

    private final LongAdder committed = new LongAdder();
    private final LongAdder rolledBack = new LongAdder();
    private final LongAdder busy = new LongAdder();

    void committed() {
        committed.increment();
    }

    /** @param busyToo whether it ended because the database was busy (a lock, a timeout, a lost connection) */
    void rolledBack(boolean busyToo) {
        rolledBack.increment();
        if (busyToo) {
            busy.increment();
        }
    }

    /** A serialization failure or deadlock that the adapter retries. */
    void retried() {
        busy.increment();
    }

    StorageStatistics snapshot() {
        return new StorageStatistics(committed.sum(), rolledBack.sum(), busy.sum());
    }
}
