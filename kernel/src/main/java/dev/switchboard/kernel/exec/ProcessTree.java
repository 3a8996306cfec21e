package dev.switchboard.kernel.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * A started process and every descendant seen so far. Descendants are remembered because a child whose parent dies is
 * re-parented and no longer shows up in the root's {@link ProcessHandle#descendants()}; keeping its handle lets the
 * tree still be killed. A child that was re-parented before it was ever seen (a quick {@code sleep 60 &} whose shell
 * exits at once) is found at kill time by the run's environment marker ({@link MarkedProcesses}).
 * {@link ProcessHandle} checks the start time, so a remembered pid that was reused is never signalled. Used by one
 * thread at a time.
 */
final class ProcessTree {

    private static final int MAX_COLLECT_ROUNDS = 5;
    private static final Duration POLL = Duration.ofMillis(20);

    private final ProcessHandle root;
    private final String marker;
    private final Set<ProcessHandle> known = new LinkedHashSet<>();

    /**
     * @param root   the started process
     * @param marker the value of {@link MarkedProcesses#VARIABLE} in the run's environment, or null for none
     */
    ProcessTree(ProcessHandle root, String marker) {
        this.root = root;
        this.marker = marker;
        known.add(root);
    }

    /** @param handle a process of the tree found some other way (its marker), remembered from now on */
    void include(ProcessHandle handle) {
        known.add(handle);
    }

    /** Adds the root's current descendants to the remembered ones. Cheap enough to call a few times a second. */
    void remember() {
        root.descendants().forEach(known::add);
    }

    /**
     * Asks every remembered process and every descendant of theirs to terminate, then kills those still alive after
     * {@code grace}, again including anything spawned in the meantime. Returns once all are gone or a further
     * {@code grace} has passed (an unreaped zombie never goes away, but holds no pipes).
     */
    void kill(Duration grace) {
        collect();
        signal(ProcessHandle::destroy);
        if (awaitExit(grace)) {
            return;
        }
        collect();
        signal(ProcessHandle::destroyForcibly);
        awaitExit(grace);
    }

    /** Repeats the search for descendants of every live process, since children spawn children while we look. */
    private void collect() {
        if (marker != null) {
            known.addAll(MarkedProcesses.find(marker));
        }
        for (int round = 0; round < MAX_COLLECT_ROUNDS; round++) {
            int before = known.size();
            for (ProcessHandle handle : List.copyOf(known)) {
                if (handle.isAlive()) {
                    handle.descendants().forEach(known::add);
                }
            }
            if (known.size() == before) {
                return;
            }
        }
    }

    private void signal(Consumer<ProcessHandle> action) {
        for (ProcessHandle handle : known) {
            if (running(handle)) {
                action.accept(handle);
            }
        }
    }

    private boolean awaitExit(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (known.stream().anyMatch(ProcessTree::running)) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
        return true;
    }

    /**
     * A zombie counts as gone: it has exited and released its pipes, and where nobody reaps orphans (some container
     * init processes do not) it would otherwise look alive forever.
     */
    private static boolean running(ProcessHandle handle) {
        return handle.isAlive() && !isZombie(handle.pid());
    }

    private static boolean isZombie(long pid) {
        try {
            // Linux /proc/<pid>/stat: "pid (comm) state ...", and comm may itself contain ") ".
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int commEnd = stat.lastIndexOf(')');
            return commEnd >= 0 && commEnd + 2 < stat.length() && stat.charAt(commEnd + 2) == 'Z';
        } catch (IOException | RuntimeException e) {
            // No /proc (not Linux), or the process is already gone: isAlive() alone decides.
            return false;
        }
    }
}
