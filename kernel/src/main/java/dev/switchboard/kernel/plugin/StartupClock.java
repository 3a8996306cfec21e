package dev.switchboard.kernel.plugin;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Durations of the start-up phases (the kernel's injector, loading the plugins directory, each plugin's phase one and
 * phase two, the transports), logged at debug level by the logger {@value #LOGGER} as {@code start-up: <phase> took
 * <µs> µs}, so that a slower start can be attributed without a profiler ({@code SWITCHBOARD_LOG_LEVEL=debug}; see
 * {@code docs/performance.md}). When that logger is not at debug level, {@link #start()} returns 0 and
 * {@link #took} does nothing: no clock is read. Stateless and thread-safe.
 */
public final class StartupClock {

    /** The logger the durations are written to. */
    public static final String LOGGER = "dev.switchboard.kernel.startup";

    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private StartupClock() {}

    /** @return the start of a phase ({@link System#nanoTime()}), or 0 when the durations are not logged */
    public static long start() {
        return LOG.isDebugEnabled() ? System.nanoTime() : 0;
    }

    /**
     * Logs how long a phase took since {@code started}, in microseconds; does nothing when {@code started} is 0.
     *
     * @param started what {@link #start()} returned when the phase began
     * @param phase   the phase, such as {@code kernel injector} or {@code plugin handoff phase two}
     */
    public static void took(long started, String phase) {
        if (started != 0) {
            LOG.debug("start-up: {} took {} µs", phase, (System.nanoTime() - started) / 1_000);
        }
    }
}
