package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import dev.switchboard.ports.storage.StorageException;

/**
 * The queue of callers waiting for the one writer connection, in arrival order, with leader-based group commit: the
 * caller at the head of the queue becomes the leader, takes its own request plus the shareable units queued right
 * behind it (at most {@value #MAX_BATCH}, never past an exclusive request), runs them as one batch through the
 * runner, then completes every caller of the batch and wakes the new head. A caller alone in the queue leads at once:
 * nothing waits for company, there is no timer, and a batch holds only what was already queued when it was taken.
 * While a batch runs, new callers queue up behind it and form the next batch.
 *
 * <p>The queue's lock is held only to enqueue, take and complete, never while SQL runs; waiting threads wait on a
 * {@link java.util.concurrent.locks.Condition} of their own, so waiting virtual threads release their carrier.
 * Thread-safe.
 */
final class WriteQueue {

    /** The most requests one batch takes: bounds how long the first caller of a busy batch waits for the last. */
    static final int MAX_BATCH = 64;

    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Pending<?>> queue = new ArrayDeque<>();
    private final Consumer<List<Pending<?>>> runner;
    private final Path file;
    private volatile Thread leader;

    /**
     * @param runner runs one batch on the leader's thread: the first request alone when it is exclusive, otherwise
     *               units only; MUST record an outcome in each and return normally
     * @param file   the database, for messages
     */
    WriteQueue(Consumer<List<Pending<?>>> runner, Path file) {
        this.runner = runner;
        this.file = file;
    }

    /** @return whether the current thread is running a batch (so a further request from it would nest) */
    boolean leadsNow() {
        return leader == Thread.currentThread();
    }

    /**
     * Queues the request and returns once it has run, leading a batch if its turn comes first.
     *
     * @param interruptible whether an interrupt before the request is taken into a batch abandons it
     * @return the request's result
     * @throws StorageException if interrupted before the request was taken (nothing of it ran); otherwise whatever
     *                          the request's outcome throws
     */
    <T> T submit(Pending<T> request, boolean interruptible) {
        if (interruptible && Thread.currentThread().isInterrupted()) {
            throw interrupted(null);
        }
        List<Pending<?>> batch;
        lock.lock();
        try {
            request.waitOn(lock.newCondition());
            queue.addLast(request);
            awaitTurn(request, interruptible);
            if (request.done()) {
                return request.outcome();
            }
            batch = take(request);
            leader = Thread.currentThread();
        } finally {
            lock.unlock();
        }
        try {
            runner.accept(batch);
        } catch (RuntimeException | Error e) {
            batch.forEach(pending -> pending.abort(e));
        } finally {
            complete(batch);
        }
        return request.outcome();
    }

    /** Waits, holding the lock between wake-ups, until the request was run by another leader or heads the queue. */
    private void awaitTurn(Pending<?> request, boolean interruptible) {
        while (!request.done() && queue.peekFirst() != request) {
            if (!interruptible || request.taken()) {
                request.turn().awaitUninterruptibly();
                continue;
            }
            try {
                request.turn().await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (request.taken()) {
                    // a leader is running it already: its caller must learn the outcome, so keep waiting
                    interruptible = false;
                    continue;
                }
                queue.remove(request);
                signalHead();
                throw interrupted(e);
            }
        }
    }

    private List<Pending<?>> take(Pending<?> head) {
        List<Pending<?>> batch = new ArrayList<>();
        head.markTaken();
        batch.add(head);
        if (head.isExclusive()) {
            return batch;
        }
        Iterator<Pending<?>> behind = queue.iterator();
        behind.next();
        while (behind.hasNext() && batch.size() < MAX_BATCH) {
            Pending<?> next = behind.next();
            if (next.isExclusive()) {
                break;
            }
            next.markTaken();
            batch.add(next);
        }
        return batch;
    }

    private void complete(List<Pending<?>> batch) {
        lock.lock();
        try {
            leader = null;
            // the batch is the head of the queue: only untaken requests ever leave it from elsewhere
            for (int i = 0; i < batch.size(); i++) {
                Pending<?> pending = queue.removeFirst();
                pending.markDone();
            }
            signalHead();
        } finally {
            lock.unlock();
        }
    }

    private void signalHead() {
        if (!queue.isEmpty()) {
            queue.peekFirst().turn().signal();
        }
    }

    private StorageException interrupted(InterruptedException cause) {
        return new StorageException("interrupted while waiting to write to " + file, cause);
    }
}
