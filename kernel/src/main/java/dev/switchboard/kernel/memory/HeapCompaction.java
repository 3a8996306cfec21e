package dev.switchboard.kernel.memory;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the heap of a JVM on the serial collector every {@value #PERIOD_SECONDS} s on one daemon thread and asks for
 * a full collection ({@link System#gc()}) when {@link CompactionRule} says so (ADR 76). With the launcher's
 * {@code -XX:MaxHeapFreeRatio=30 -XX:-ShrinkHeapInSteps} that one collection shrinks the heap to its live data plus
 * 30 %, and {@code -XX:TrimNativeHeapInterval} returns freed native memory within 30 s. Nothing on the call path:
 * the readings are the JVM's own counters. Under any other collector (G1 for a serve over HTTP, or one named in
 * {@code SWITCHBOARD_JAVA_OPTS}) it does nothing. Thread-safe; {@link #close()} stops it.
 */
public final class HeapCompaction implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HeapCompaction.class);
    /** Seconds between readings. */
    static final int PERIOD_SECONDS = 5;

    private static final String YOUNG = "Copy";
    private static final String FULL = "MarkSweepCompact";
    private static final String OLD = "Tenured Gen";

    private final Optional<ScheduledExecutorService> timer;

    private HeapCompaction(Optional<ScheduledExecutorService> timer) {
        this.timer = timer;
    }

    /**
     * @return a running compaction when this JVM runs the serial collector, otherwise one that does nothing
     */
    public static HeapCompaction start() {
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        Optional<GarbageCollectorMXBean> young = named(collectors, YOUNG);
        Optional<GarbageCollectorMXBean> full = named(collectors, FULL);
        Optional<MemoryPoolMXBean> old = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getName().equals(OLD))
                .findFirst();
        if (young.isEmpty() || full.isEmpty() || old.isEmpty()) {
            LOG.debug("not the serial collector: no heap compaction");
            return new HeapCompaction(Optional.empty());
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "switchboard-heap-compaction");
            t.setDaemon(true);
            return t;
        });
        CompactionRule rule = new CompactionRule();
        Runnable check = () -> {
            HeapReading reading = read(young.get(), full.get(), old.get());
            if (rule.due(reading)) {
                long started = System.nanoTime();
                System.gc();
                LOG.debug(
                        "full collection asked: {}; heap committed after it {} bytes, in {} ms",
                        reading,
                        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted(),
                        (System.nanoTime() - started) / 1_000_000);
            }
        };
        timer.scheduleWithFixedDelay(check, PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
        return new HeapCompaction(Optional.of(timer));
    }

    private static Optional<GarbageCollectorMXBean> named(List<GarbageCollectorMXBean> collectors, String name) {
        return collectors.stream().filter(c -> c.getName().equals(name)).findFirst();
    }

    private static HeapReading read(GarbageCollectorMXBean young, GarbageCollectorMXBean full, MemoryPoolMXBean old) {
        long fulls = full.getCollectionCount();
        MemoryUsage afterFull = old.getCollectionUsage();
        return new HeapReading(
                System.nanoTime() / 1_000_000,
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted(),
                old.getUsage().getUsed(),
                fulls > 0 && afterFull != null ? afterFull.getUsed() : -1,
                young.getCollectionCount(),
                fulls);
    }

    @Override
    public void close() {
        timer.ifPresent(ScheduledExecutorService::shutdownNow);
    }
}
