package dev.switchboard.ports.exec;

import java.time.Duration;
import java.util.Objects;

/**
 * How a process ended.
 *
 * @param termination     why it ended
 * @param exitCode        its exit code; -1 when it was killed (timeout, cancellation)
 * @param stdout          standard output decoded as UTF-8 (malformed bytes replaced), at most the cap
 * @param stdoutTruncated whether stdout exceeded the cap
 * @param stderr          standard error, likewise
 * @param stderrTruncated whether stderr exceeded the cap
 * @param duration        wall-clock time from start to the end of the whole tree
 */
public record ProcessOutcome(
        Termination termination,
        int exitCode,
        String stdout,
        boolean stdoutTruncated,
        String stderr,
        boolean stderrTruncated,
        Duration duration) {

    /** Why a process ended. */
    public enum Termination {
        /** It exited by itself; see the exit code. */
        EXITED,
        /** It ran past its timeout and its tree was killed. */
        TIMED_OUT,
        /** The call was cancelled and its tree was killed. */
        CANCELLED
    }

    /** @throws NullPointerException if a component is null */
    public ProcessOutcome {
        Objects.requireNonNull(termination, "termination");
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
        Objects.requireNonNull(duration, "duration");
    }
}
