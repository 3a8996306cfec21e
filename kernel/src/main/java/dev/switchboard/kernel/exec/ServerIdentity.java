package dev.switchboard.kernel.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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

    /**
     * @return whether this server process is still running: the same pid with the same start time, and not a zombie
     *     (dead but not yet waited for by its parent, which the JDK still counts as alive)
     */
    boolean alive() {
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(handle -> !dead(handle.pid()))
                .map(handle -> startMillis == 0 || of(handle).startMillis() == startMillis)
                .orElse(false);
    }

    /**
     * Reads the state letter of {@code /proc/<pid>/stat} (the field after the command name, which is in parentheses
     * and may itself hold spaces and parentheses, hence the last {@code ')'}).
     *
     * @return true for a zombie ({@code Z}) or a dead process ({@code X}), or one that {@code /proc} no longer has;
     *     false otherwise, and where there is no {@code /proc} (the JDK's answer then stands)
     */
    static boolean dead(long pid) {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        String line;
        try {
            line = Files.readString(stat, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return Files.isDirectory(Path.of("/proc/self"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        int close = line.lastIndexOf(')');
        if (close < 0 || close + 2 >= line.length()) {
            return false;
        }
        char state = line.charAt(close + 2);
        return state == 'Z' || state == 'X';
    }

    @Override
    public String toString() {
        return pid + "-" + startMillis;
    }
}
