package dev.switchboard.plugin.workspace.application;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.workspace.application.port.out.ReceiptCensus;
import dev.switchboard.plugin.workspace.application.port.out.ReceiptStore;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Keeps request-key receipts from growing forever: a receipt last changed more than {@code receipts.max-age-days}
 * ago, or beyond the newest {@code receipts.max-count}, is deleted, oldest first; the {@code started} receipt of a
 * call running in this process never is (one left by a dead process is uncertain and may go). A pruned key is free
 * again: a retry with it after that runs anew. The full-output files of {@code bash} runs go with their receipts
 * ({@link CommandOutputFiles#prune}). Thread-safe.
 */
@Singleton
public final class ReceiptRetention {

    private static final Logger LOG = LoggerFactory.getLogger(ReceiptRetention.class);
    /** How long a report waits for a start-up pruning that is still running. */
    static final Duration REPORT_WAIT = Duration.ofSeconds(5);

    /**
     * What the doctor reports.
     *
     * @param census        the receipts now
     * @param maxAge        the age limit
     * @param maxCount      the count limit
     * @param prunedAtStart how many the start-up pruning deleted, -1 when it failed, null when it has not run
     *                      (the plugin has not started, or the pruning is still running)
     * @param now           when the census was taken
     */
    public record Report(ReceiptCensus census, Duration maxAge, long maxCount, Integer prunedAtStart, Instant now) {}

    private final ReceiptStore store;
    private final RequestKeys keys;
    private final WorkspaceSettings settings;
    private final CommandOutputFiles outputs;
    private final Clock clock;
    /** The start-up pruning, once scheduled. */
    private volatile CompletableFuture<Integer> atStart;

    @Inject
    ReceiptRetention(ReceiptStore store, RequestKeys keys, WorkspaceSettings settings, CommandOutputFiles outputs) {
        this(store, keys, settings, outputs, Clock.systemUTC());
    }

    /** @param clock the time the age limit counts back from (tests move it) */
    ReceiptRetention(
            ReceiptStore store, RequestKeys keys, WorkspaceSettings settings, CommandOutputFiles outputs, Clock clock) {
        this.store = store;
        this.keys = keys;
        this.settings = settings;
        this.outputs = outputs;
        this.clock = clock;
    }

    /**
     * Deletes the receipts beyond the limits.
     *
     * @return how many were deleted
     * @throws RuntimeException from the storage when it fails
     */
    public int prune() {
        Set<String> live = keys.liveIds();
        int deleted = store.prune(clock.instant().minus(settings.receiptMaxAge()), settings.receiptMaxCount(), live);
        int files = outputs.prune(store, live);
        if (deleted > 0 || files > 0) {
            LOG.info(
                    "pruned {} workspace receipt(s) beyond {} days or {} receipts, and {} command output file(s)",
                    deleted,
                    settings.receiptMaxAge().toDays(),
                    settings.receiptMaxCount(),
                    files);
        }
        return deleted;
    }

    /**
     * Prunes once for the start-up, on {@code executor} (off the server's start path), and remembers how many went,
     * for the doctor; a failure is logged, not thrown.
     */
    public void pruneAtStart(Executor executor) {
        atStart = CompletableFuture.supplyAsync(this::pruneQuietly, executor);
    }

    /** @return how many were deleted, or -1 when the storage failed (logged) */
    public int pruneQuietly() {
        try {
            return prune();
        } catch (RuntimeException e) {
            if (e instanceof WorkspaceException outage && outage.code() == Code.UNAVAILABLE) {
                // an outage, not a defect: one line, no stack trace
                LOG.warn(
                        "could not prune workspace receipts ({}); they are kept until the next attempt",
                        e.getMessage());
            } else {
                LOG.warn("could not prune workspace receipts; they are kept until the next attempt", e);
            }
            return -1;
        }
    }

    /**
     * @return the receipts' census with the limits
     * @throws WorkspaceException {@code UNAVAILABLE} when the storage is busy or unreachable
     * @throws RuntimeException   from the storage when it fails otherwise
     */
    public Report report() {
        return new Report(
                store.census(), settings.receiptMaxAge(), settings.receiptMaxCount(), prunedAtStart(), clock.instant());
    }

    /** @return the start-up pruning's outcome, waiting up to {@link #REPORT_WAIT} for it; null when not known */
    private Integer prunedAtStart() {
        CompletableFuture<Integer> scheduled = atStart;
        if (scheduled == null) {
            return null;
        }
        try {
            return scheduled.get(REPORT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException | TimeoutException | CancellationException e) {
            return null;
        }
    }
}
