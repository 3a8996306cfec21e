package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;

import dev.switchboard.ports.storage.StorageStatistics;

/** Counts transactions as they end, and those that met a busy or locked database. Thread-safe. */
final class TransactionCounters {

    /** SQLite's primary result codes for a busy and a locked database. */
    private static final int SQLITE_BUSY = 5;

    private static final int SQLITE_LOCKED = 6;

    private final LongAdder committed = new LongAdder();
    private final LongAdder rolledBack = new LongAdder();
    private final LongAdder busy = new LongAdder();

    void committed() {
        committed.increment();
    }

    void rolledBack(Throwable failure) {
        rolledBack.increment();
        if (isBusy(failure)) {
            busy.increment();
        }
    }

    /**
     * @param failure why a transaction ended
     * @return whether its cause chain holds SQLite's {@code SQLITE_BUSY} or {@code SQLITE_LOCKED}: another
     *         connection kept the lock past the busy timeout
     */
    static boolean isBusy(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLException sql && isBusy(sql.getErrorCode())) {
                return true;
            }
        }
        return false;
    }

    StorageStatistics snapshot() {
        return new StorageStatistics(committed.sum(), rolledBack.sum(), busy.sum());
    }

    /** Extended result codes carry the primary code in their low byte. */
    private static boolean isBusy(int code) {
        int primary = code & 0xFF;
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
    }
}
