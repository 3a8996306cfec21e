package dev.switchboard.kernel.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A hard deadline for an orderly shutdown: once {@link #arm()} is called, if {@link #disarm()} has not been called
 * within the deadline, the expiry action runs (in production: log and halt the JVM with status 1, as rig-bridge does
 * after its 8 s deadline). It keeps a service manager's {@code stop} from hanging on a call that never ends. The
 * default deadline ({@value #DEFAULT_SECONDS} s) leaves room for the HTTP transport's drain (10 s by default) and for
 * plugins' services to stop. Thread-safe; arms at most once.
 */
final class ShutdownDeadline {

    /** The deadline {@code serve} uses. */
    static final long DEFAULT_SECONDS = 20;

    private static final Logger LOG = LoggerFactory.getLogger(ShutdownDeadline.class);

    private final Duration deadline;
    private final Runnable onExpiry;
    private final AtomicBoolean armed = new AtomicBoolean();
    private final CountDownLatch done = new CountDownLatch(1);

    /**
     * @param deadline how long the shutdown may take
     * @param onExpiry what to do when it takes longer
     */
    ShutdownDeadline(Duration deadline, Runnable onExpiry) {
        this.deadline = deadline;
        this.onExpiry = onExpiry;
    }

    /** @return the deadline that halts the JVM with status 1 */
    static ShutdownDeadline halting() {
        Duration deadline = Duration.ofSeconds(DEFAULT_SECONDS);
        return new ShutdownDeadline(deadline, () -> {
            LOG.error("shutdown did not finish within {} s; halting with status 1", deadline.toSeconds());
            Runtime.getRuntime().halt(1);
        });
    }

    /** Starts the clock on a daemon thread; later calls do nothing. */
    void arm() {
        if (!armed.compareAndSet(false, true)) {
            return;
        }
        Thread.ofPlatform().daemon().name("switchboard-shutdown-deadline").start(() -> {
            try {
                if (!done.await(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                    onExpiry.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Marks the shutdown finished; the expiry action will not run. */
    void disarm() {
        done.countDown();
    }
}
