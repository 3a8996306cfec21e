package dev.switchboard.kernel.exec;

import java.time.Instant;
import java.util.Optional;

/**
 * Which server process started a run, as written into the run's marker ({@code <pid>-<start millis>}): the process
 * id and its start time, so a pid reused by another process later is not mistaken for the server. Immutable.
 *
 * @param pid         the server's process id
 * @param startMillis its start time in epoch milliseconds as the OS reports it, or 0 where it cannot tell
 */
record ServerIdentity(long pid, long startMillis) {

    /** This process. */
    static final ServerIdentity CURRENT = of(ProcessHandle.current());

    /** @return the identity of a live process */
    static ServerIdentity of(ProcessHandle handle) {
        return new ServerIdentity(
                handle.pid(),
                handle.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
    }

    /**
     * @param text the identity part of a run marker, such as {@code 4711-1764582000000}
     * @return the identity, or empty when the text is not one (a marker of an older version)
     */
    static Optional<ServerIdentity> parse(String text) {
        int dash = text.indexOf('-');
        if (dash <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ServerIdentity(
                    Long.parseLong(text.substring(0, dash)), Long.parseLong(text.substring(dash + 1))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** @return whether this server process is still running (the same pid with the same start time) */
    boolean alive() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .map(handle -> startMillis == 0 || of(handle).startMillis() == startMillis)
                .orElse(false);
    }

    @Override
    public String toString() {
        return pid + "-" + startMillis;
    }
}
