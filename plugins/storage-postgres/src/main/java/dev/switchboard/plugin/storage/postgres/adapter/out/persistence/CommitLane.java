package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.switchboard.ports.storage.StorageException;

/**
 * The queue of units of one isolation level waiting to be committed, with leader-based group commit: while
 * {@code maxInFlight} batches run, callers queue up; when one ends (or if fewer run), the caller at the head becomes a
 * leader, takes its own unit plus those queued behind it (at most {@value #MAX_BATCH}), runs them as one batch through
 * the runner, then completes every caller of the batch. A caller that finds a free slot leads at once: nothing waits
 * for company, there is no timer, and a batch holds only what was queued when it was taken.
 *
 * <p>The lock is held only to enqueue, take and complete, never while SQL runs; each waiting thread waits on a
 * {@link java.util.concurrent.locks.Condition} of its own, so waiting virtual threads release their carrier.
 * Thread-safe.
 */
final class CommitLane {

    /** The most units one batch takes: bounds how long the first caller of a busy batch waits for the last. */
    static final int MAX_BATCH = 32;

    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Unit<?>> waiting = new ArrayDeque<>();
    private final Consumer<List<Unit<?>>> runner;
    private final int maxInFlight;
    private int running;

    /**
     * @param runner      runs one batch on the leader's thread; MUST record an outcome in each unit and return normally
     * @param maxInFlight how many batches may run at once, 1 or more: with 2, one batch runs its works while the one
     *                    before it waits for its commit's flush
     */
    CommitLane(Consumer<List<Unit<?>>> runner, int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight >= 1 required");
        }
        this.runner = runner;
        this.maxInFlight = maxInFlight;
    }

    /**
     * Queues the unit and returns once it has an outcome, leading a batch if its turn comes first.
     *
     * @throws StorageException if interrupted before the unit was taken into a batch (nothing of it ran)
     */
    void submit(Unit<?> unit) {
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted(null);
        }
        List<Unit<?>> batch;
        lock.lock();
        try {
            unit.waitOn(lock.newCondition());
            waiting.addLast(unit);
            awaitTurn(unit);
            if (unit.done()) {
                return;
            }
            batch = take();
            running++;
            signalHead();
        } finally {
            lock.unlock();
        }
        try {
            runner.accept(batch);
        } catch (RuntimeException | Error e) {
            batch.forEach(taken -> taken.abort(e));
        } finally {
            complete(batch);
        }
    }

    /** @return how many units wait for a batch now (for tests) */
    int queued() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    private void awaitTurn(Unit<?> unit) {
        boolean interruptible = true;
        while (!unit.done() && !(unit == waiting.peekFirst() && running < maxInFlight)) {
            if (!interruptible || unit.taken()) {
                unit.turn().awaitUninterruptibly();
                continue;
            }
            try {
                unit.turn().await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (unit.taken()) {
                    // a leader runs it already: its caller must learn the outcome
                    interruptible = false;
                    continue;
                }
                waiting.remove(unit);
                signalHead();
                throw interrupted(e);
            }
        }
    }

    private List<Unit<?>> take() {
        List<Unit<?>> batch = new ArrayList<>();
        while (!waiting.isEmpty() && batch.size() < MAX_BATCH) {
            Unit<?> next = waiting.removeFirst();
            next.markTaken();
            batch.add(next);
        }
        return batch;
    }

    private void complete(List<Unit<?>> batch) {
        lock.lock();
        try {
            running--;
            for (Unit<?> unit : batch) {
                unit.markDone();
            }
            signalHead();
        } finally {
            lock.unlock();
        }
    }

    private void signalHead() {
        if (!waiting.isEmpty() && running < maxInFlight) {
            waiting.peekFirst().turn().signal();
        }
    }

    private static StorageException interrupted(InterruptedException cause) {
        return new StorageException("interrupted while waiting to commit to PostgreSQL", cause);
    }
}
