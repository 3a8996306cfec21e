package dev.switchboard.kernel.plugin;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.storage.SqlStorage;

/**
 * Whether the open storage answers, asked at most once per {@link #FRESH} however often readiness is probed: a
 * connection from the storage's data source, checked with {@link Connection#isValid}. One check runs at a time; a
 * caller waits for it at most {@link #WAIT} and is otherwise told the storage does not answer (a database that is
 * down can hold a new connection up to its connect timeout). Thread-safe.
 */
final class StorageProbe {

    /** How long an answer is reused. */
    static final Duration FRESH = Duration.ofSeconds(1);
    /** How long a caller waits for a running check. */
    static final Duration WAIT = Duration.ofSeconds(2);

    private static final Logger LOG = LoggerFactory.getLogger(StorageProbe.class);
    private static final int VALID_TIMEOUT_S = 2;

    private final LongSupplier nanoTime;
    private final ReentrantLock lock = new ReentrantLock();
    private SqlStorage checked;
    private Optional<String> answer = Optional.empty();
    private long answeredAt;
    private CompletableFuture<Optional<String>> running;

    StorageProbe() {
        this(System::nanoTime);
    }

    StorageProbe(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * @param storage the open storage
     * @return empty when it answered; otherwise why not, one short line for an unauthenticated prober
     */
    Optional<String> problem(SqlStorage storage) {
        CompletableFuture<Optional<String>> check;
        lock.lock();
        try {
            if (checked == storage && nanoTime.getAsLong() - answeredAt < FRESH.toNanos()) {
                return answer;
            }
            check = running;
            if (check == null) {
                check = CompletableFuture.supplyAsync(() -> ask(storage), Thread.ofVirtual()::start);
                running = check;
                check.thenAccept(result -> remember(storage, result)); // may run at once, here
            }
        } finally {
            lock.unlock();
        }
        try {
            return check.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return Optional.of("the storage does not answer");
        } catch (ExecutionException e) {
            return Optional.of("the storage cannot be reached");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("the storage does not answer");
        }
    }

    private void remember(SqlStorage storage, Optional<String> result) {
        lock.lock();
        try {
            checked = storage;
            answer = result;
            answeredAt = nanoTime.getAsLong();
            running = null;
        } finally {
            lock.unlock();
        }
    }

    private static Optional<String> ask(SqlStorage storage) {
        try (Connection connection = storage.dataSource().getConnection()) {
            return connection.isValid(VALID_TIMEOUT_S) ? Optional.empty() : Optional.of("the storage does not answer");
        } catch (SQLException | RuntimeException e) {
            LOG.debug("the readiness probe of the storage failed", e);
            return Optional.of("the storage cannot be reached");
        }
    }
}
