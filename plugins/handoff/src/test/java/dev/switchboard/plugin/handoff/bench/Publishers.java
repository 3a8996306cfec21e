package dev.switchboard.plugin.handoff.bench;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Publishes to one project for a fixed time, from one thread or from several at once (as concurrent MCP sessions
 * would), checking that every receipt says {@code committed}. Thread-safe.
 */
final class Publishers {

    private final BenchServer server;
    private final String project;
    private final AtomicLong next = new AtomicLong(1);
    private final AtomicLong sequentialCpuNanos = new AtomicLong();

    Publishers(BenchServer server, String project) {
        this.server = server;
        this.project = project;
    }

    /** Publishes from the calling thread for {@code millis} ms; @return how many committed. */
    long sequential(long millis) {
        long cpu = CpuTime.ofThisThread();
        long count = publishUntil(System.nanoTime() + millis * 1_000_000);
        sequentialCpuNanos.addAndGet(CpuTime.ofThisThread() - cpu);
        return count;
    }

    /** @return the CPU time the calling threads of {@link #sequential} used in it so far, in nanoseconds */
    long sequentialCpuNanos() {
        return sequentialCpuNanos.get();
    }

    /** Publishes from {@code threads} threads at once for {@code millis} ms; @return how many committed in all. */
    long concurrent(int threads, long millis) throws Exception {
        return ConcurrentRuns.total(threads, millis, this::publishUntil);
    }

    /** Publishes from the calling thread until {@code end} ({@link System#nanoTime()}); @return how many committed. */
    long publishUntil(long end) {
        long count = 0;
        while (System.nanoTime() < end) {
            Map<String, Object> result = server.call(
                    "frontispice_publish_handoff", BenchText.publishArguments(project, next.getAndIncrement()));
            if (!"committed".equals(result.get("delivery_status"))) {
                throw new IllegalStateException("publish not committed: " + result);
            }
            count++;
        }
        return count;
    }
}
