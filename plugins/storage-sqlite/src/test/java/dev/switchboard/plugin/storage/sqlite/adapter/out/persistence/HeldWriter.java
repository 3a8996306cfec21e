package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import dev.switchboard.ports.storage.SqlStorage;

/**
 * Test helper: a transaction that holds the writer (it waits inside its work) until {@link #close}, and callers that
 * queue behind it one after another, each started only once the previous one is parked in the write queue. When the
 * held transaction ends, the first queued caller leads and takes all of them into one batch, in the order queued.
 */
final class HeldWriter implements AutoCloseable {

    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final SqlStorage storage;
    private final CountDownLatch release = new CountDownLatch(1);
    private final FutureTask<Void> held;
    private final List<Thread> callers = new ArrayList<>();
    private final List<FutureTask<?>> futures = new ArrayList<>();

    private HeldWriter(SqlStorage storage) throws InterruptedException {
        this.storage = storage;
        CountDownLatch holding = new CountDownLatch(1);
        this.held = new FutureTask<>(() -> storage.transaction(connection -> {
            holding.countDown();
            awaitRelease();
            return null;
        }));
        Thread.ofPlatform().name("holder").start(held);
        if (!holding.await(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("the holding transaction did not start");
        }
    }

    static HeldWriter hold(SqlStorage storage) throws InterruptedException {
        return new HeldWriter(storage);
    }

    /** Queues {@code count} callers, caller {@code n} running {@code factory.unit(n)}; @return their futures. */
    <T> List<Future<T>> queue(int count, GroupCommitTest.UnitFactory<T> factory) throws InterruptedException {
        List<Future<T>> queued = new ArrayList<>();
        for (int n = 0; n < count; n++) {
            var work = factory.unit(n);
            FutureTask<T> future = new FutureTask<>(() -> storage.transaction(work));
            Thread caller = Thread.ofPlatform().name("caller-" + n).start(future);
            awaitParked(caller);
            callers.add(caller);
            futures.add(future);
            queued.add(future);
        }
        return queued;
    }

    /** Interrupts queued caller {@code n} and waits until it has given up. */
    void interrupt(int n) throws Exception {
        callers.get(n).interrupt();
        callers.get(n).join(PATIENCE.toMillis());
        if (!futures.get(n).isDone()) {
            throw new AssertionError("caller " + n + " did not give up");
        }
    }

    /** Ends the held transaction and waits for it and every queued caller. */
    @Override
    public void close() throws Exception {
        release.countDown();
        held.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        for (Thread caller : callers) {
            caller.join(PATIENCE.toMillis());
        }
    }

    private void awaitRelease() {
        try {
            if (!release.await(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the test never released the writer");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Waits until the thread waits for its turn in the write queue (so it is queued). */
    private static void awaitParked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!parkedInQueue(thread)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(thread.getName() + " never queued: " + thread.getState());
            }
            Thread.sleep(1);
        }
    }

    private static boolean parkedInQueue(Thread thread) {
        return thread.getState() == Thread.State.WAITING
                && Arrays.stream(thread.getStackTrace())
                        .anyMatch(frame -> frame.getClassName().equals(WriteQueue.class.getName())
                                && frame.getMethodName().equals("awaitTurn"));
    }
}
