package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import dev.switchboard.ports.storage.StorageException;

/**
 * The queue of units of one isolation level waiting to be committed, with leader-based group commit: while
 * {@code maxInFlight} batches run, callers queue up; when one ends (or if fewer run), the first caller whose turn it is
 * becomes a leader, takes its own unit plus those queued behind it (at most {@value #MAX_BATCH}), runs them as one batch
 * through the runner, then completes every caller of the batch. A caller that finds a free slot leads at once: nothing
 * waits for company, there is no timer, and a batch holds only what was queued when it was taken.
 *
 * <p>Affinity ({@link Unit#affinity()}, the hot row a unit locks first): a batch holds the affinities of the units it
 * took until it ends, and no other batch takes a unit of a held affinity; such a unit waits, keeping its place, for the
 * batch that holds its affinity to end, and the next batch then takes it with every other queued unit of the same
 * affinity. A batch may also take, before it commits, the units of its own affinities queued since it began
 * ({@link Runner}: they would only wait for its commit otherwise). So concurrent works on one row share one
 * transaction (its lock is taken once and held for one flush) instead of spreading over the batches in flight, where
 * each batch would only wait for the previous one's commit to release the row; units of other affinities, and units
 * without one, are taken as before, in arrival order. The leader is the first queued unit a batch may take.
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
    /** The affinities of the units in running batches (under the lock). */
    private final Set<String> held = new HashSet<>();

    private final Runner runner;
    private final int maxInFlight;
    private int running;

    /**
     * @param runner      runs one batch on the leader's thread; MUST record an outcome in each unit and return normally
     * @param maxInFlight how many batches may run at once, 1 or more: with 2, one batch runs its works while the one
     *                    before it waits for its commit's flush
     */
    CommitLane(Runner runner, int maxInFlight) {
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
            signalLeader();
        } finally {
            lock.unlock();
        }
        try {
            runner.run(batch, () -> joinHeld(batch));
        } catch (RuntimeException | Error e) {
            batch.forEach(taken -> taken.abort(e));
        } finally {
            complete(batch);
        }
    }

    /** Runs one batch on the leader's thread. */
    @FunctionalInterface
    interface Runner {
        /**
         * MUST record an outcome in each unit of {@code batch} (including those {@code joiners} added) and return
         * normally.
         *
         * @param batch   the units taken; {@code joiners} appends to it
         * @param joiners takes the units of the batch's affinities queued since it was taken (at most up to
         *                {@value #MAX_BATCH} in the batch), appends them to {@code batch} and returns them; empty
         *                when there are none. Called on the leader's thread only, before the commit
         */
        void run(List<Unit<?>> batch, Supplier<List<Unit<?>>> joiners);
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
        while (!unit.done() && !(running < maxInFlight && unit == leader())) {
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
                signalLeader();
                throw interrupted(e);
            }
        }
    }

    /** Takes, in arrival order, the queued units whose affinity no running batch holds, and holds theirs. */
    private List<Unit<?>> take() {
        List<Unit<?>> batch = new ArrayList<>();
        for (var queued = waiting.iterator(); queued.hasNext() && batch.size() < MAX_BATCH; ) {
            Unit<?> next = queued.next();
            if (free(next)) {
                queued.remove();
                next.markTaken();
                batch.add(next);
            }
        }
        for (Unit<?> unit : batch) {
            if (unit.affinity() != null) {
                held.add(unit.affinity());
            }
        }
        return batch;
    }

    /** Takes the queued units of the affinities {@code batch} holds, in arrival order, into it. */
    private List<Unit<?>> joinHeld(List<Unit<?>> batch) {
        lock.lock();
        try {
            List<Unit<?>> joined = new ArrayList<>();
            Set<String> own = new HashSet<>();
            for (Unit<?> unit : batch) {
                if (unit.affinity() != null) {
                    own.add(unit.affinity());
                }
            }
            if (own.isEmpty()) {
                return joined;
            }
            for (var queued = waiting.iterator(); queued.hasNext() && batch.size() < MAX_BATCH; ) {
                Unit<?> next = queued.next();
                if (next.affinity() != null && own.contains(next.affinity())) {
                    queued.remove();
                    next.markTaken();
                    batch.add(next);
                    joined.add(next);
                }
            }
            return joined;
        } finally {
            lock.unlock();
        }
    }

    private void complete(List<Unit<?>> batch) {
        lock.lock();
        try {
            running--;
            for (Unit<?> unit : batch) {
                if (unit.affinity() != null) {
                    held.remove(unit.affinity());
                }
                unit.markDone();
            }
            signalLeader();
        } finally {
            lock.unlock();
        }
    }

    /** @return the first queued unit a new batch may take, or null when none may be taken now */
    private Unit<?> leader() {
        if (held.isEmpty()) {
            return waiting.peekFirst();
        }
        for (Unit<?> unit : waiting) {
            if (free(unit)) {
                return unit;
            }
        }
        return null;
    }

    private boolean free(Unit<?> unit) {
        return unit.affinity() == null || !held.contains(unit.affinity());
    }

    private void signalLeader() {
        if (running < maxInFlight) {
            Unit<?> leader = leader();
            if (leader != null) {
                leader.turn().signal();
            }
        }
    }

    private static StorageException interrupted(InterruptedException cause) {
        return new StorageException("interrupted while waiting to commit to PostgreSQL", cause);
    }
}
