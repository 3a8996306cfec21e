package dev.switchboard.ports.exec;

import java.util.List;
import java.util.Objects;

/**
 * A run left behind by a server that is no longer alive, killed by {@link ProcessExecutor#reapOrphans}. Immutable.
 *
 * @param label    the run's {@link ProcessSpec#label}
 * @param pids     the process ids that were signalled, ascending
 * @param commands the command lines of those processes where the platform tells them (same order), else empty
 */
public record OrphanedRun(String label, List<Long> pids, List<String> commands) {
    /** @throws NullPointerException if an argument is null */
    public OrphanedRun {
        Objects.requireNonNull(label, "label");
        pids = List.copyOf(pids);
        commands = List.copyOf(commands);
    }
}
