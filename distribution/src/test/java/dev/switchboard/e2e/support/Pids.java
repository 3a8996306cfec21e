package dev.switchboard.e2e.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Processes a command under test started, known by the pid the command wrote to a file ({@code echo $$ > file}).
 * Linux only: liveness is read from {@code /proc/<pid>/stat}. Stateless.
 */
public final class Pids {

    private Pids() {}

    /**
     * @param file a file holding a pid on its first line
     * @param wait the longest wait for the file to hold one (the command writes it once it runs)
     * @return the pid
     * @throws AssertionError if no pid arrives in time
     */
    public static long await(Path file, Duration wait) throws InterruptedException {
        Instant deadline = Instant.now().plus(wait);
        while (Instant.now().isBefore(deadline)) {
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
                    return Long.parseLong(text);
                }
            } catch (NoSuchFileException e) {
                // not written yet
            } catch (IOException e) {
                throw new AssertionError("cannot read " + file, e);
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the command did not write its pid to " + file + " within " + wait);
    }

    /**
     * What {@code kill -0} answers, except that a zombie counts as dead: a command whose parent (the server) exited
     * is re-parented to the container's init, which may never reap it, yet it runs nothing.
     *
     * @return whether the process exists and is not a zombie
     */
    public static boolean alive(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            // pid (comm) state ...: comm may contain spaces and parentheses, so read after the last ')'.
            String afterName = stat.substring(stat.lastIndexOf(')') + 1).strip();
            return !afterName.startsWith("Z") && !afterName.startsWith("X");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * @param pid  a process
     * @param wait the longest wait for it to die
     * @return whether it is dead (or a zombie) within {@code wait}
     */
    public static boolean awaitDeath(long pid, Duration wait) throws InterruptedException {
        Instant deadline = Instant.now().plus(wait);
        while (alive(pid)) {
            if (Instant.now().isAfter(deadline)) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** Kills the process if it still runs: clean-up for commands a killed server left behind. */
    public static void killQuietly(long pid) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
}
