package dev.switchboard.plugin.handoff.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs one worker on several threads that start together and stop at one deadline, and adds up their counts. */
final class ConcurrentRuns {

    /** Does work until a deadline. */
    interface Worker {
        /**
         * @param endNanos the {@link System#nanoTime()} at which to stop
         * @return how many operations completed
         */
        long runUntil(long endNanos) throws Exception;
    }

    private ConcurrentRuns() {}

    /**
     * @param threads how many threads
     * @param millis  how long they run, in ms
     * @param worker  what each runs
     * @return the operations all threads completed
     */
    static long total(int threads, long millis, Worker worker) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        long[] end = new long[1];
        List<Future<Long>> counts = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (int i = 0; i < threads; i++) {
                counts.add(pool.submit(() -> {
                    start.await();
                    return worker.runUntil(end[0]);
                }));
            }
            end[0] = System.nanoTime() + millis * 1_000_000;
            start.countDown();
            long total = 0;
            for (Future<Long> count : counts) {
                total += count.get();
            }
            return total;
        }
    }
}
