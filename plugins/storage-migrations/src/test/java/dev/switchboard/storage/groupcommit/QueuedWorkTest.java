package dev.switchboard.storage.groupcommit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.storage.SqlWork;
import dev.switchboard.ports.storage.StorageException;

/**
 * The unit bookkeeping both adapters' group commits share; their own {@code GroupCommitTest}s run it through real
 * queues and databases. (The owner's logging context on the leader's thread is not checked here: the tests' SLF4J
 * provider, slf4j-simple, keeps no MDC.)
 */
class QueuedWorkTest {

    @Test
    void aRuntimeFailureIsThrownAsIsAndACheckedOneWrappedAsAStorageError() {
        IllegalStateException refusal = new IllegalStateException("refused");
        QueuedWork<String> refusing = new QueuedWork<>(c -> {
            throw refusal;
        });
        QueuedWork<String> failing = new QueuedWork<>(c -> {
            throw new SQLException("no such table", "42P01");
        });

        assertThat(refusing.runOn(null)).isFalse();
        assertThat(failing.runOn(null)).isFalse();

        assertThatThrownBy(refusing::outcome).isSameAs(refusal);
        assertThatThrownBy(failing::outcome)
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("rolled back")
                .hasRootCauseInstanceOf(SQLException.class);
    }

    @Test
    void abortKeepsTheWorksOwnFailureButFailsAUnitThatSucceeded() {
        QueuedWork<String> succeeded = new QueuedWork<>(c -> "written");
        IllegalStateException own = new IllegalStateException("its own");
        QueuedWork<String> failed = new QueuedWork<>(c -> {
            throw own;
        });
        succeeded.runOn(null);
        failed.runOn(null);
        StorageException commitFailed = new StorageException("the commit failed");

        succeeded.abort(commitFailed);
        failed.abort(commitFailed);

        assertThat(succeeded.failure()).isSameAs(commitFailed);
        assertThat(failed.failure()).isSameAs(own);
    }

    @Test
    void markingItDoneWakesTheCallerWaitingOnItsTurn() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        SqlWork<String> work = c -> "x";
        QueuedWork<String> unit = new QueuedWork<>(work);
        lock.lock();
        try {
            unit.waitOn(lock.newCondition());
        } finally {
            lock.unlock();
        }
        CompletableFuture<Boolean> caller = CompletableFuture.supplyAsync(() -> {
            lock.lock();
            try {
                while (!unit.done()) {
                    unit.turn().awaitUninterruptibly();
                }
                return unit.taken();
            } finally {
                lock.unlock();
            }
        });

        lock.lock();
        try {
            unit.markTaken();
            unit.markDone();
        } finally {
            lock.unlock();
        }

        assertThat(caller.get(10, TimeUnit.SECONDS)).isTrue();
    }
}
