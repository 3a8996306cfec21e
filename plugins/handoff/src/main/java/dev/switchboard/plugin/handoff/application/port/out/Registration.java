package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;
import java.util.Objects;

import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Project;

/**
 * What registering a project did. Immutable.
 *
 * @param project the project afterwards
 * @param created whether it was created by this call (false when it was already registered)
 * @param merged  the legacy variants merged into it, empty when none
 * @param cursors the cursors of the merged project after remapping, empty when nothing was merged
 */
public record Registration(Project project, boolean created, List<MergedVariant> merged, List<Cursor> cursors) {

    /**
     * One legacy key merged into the project.
     *
     * @param storedKey the legacy key
     * @param handoffs  how many handoffs it held
     */
    public record MergedVariant(String storedKey, long handoffs) {}

    /** @throws NullPointerException if a component is null */
    public Registration {
        Objects.requireNonNull(project, "project");
        merged = List.copyOf(merged);
        cursors = List.copyOf(cursors);
    }

    /**
     * @param project the project
     * @return the registration of an already registered project with nothing to merge
     */
    public static Registration existing(Project project) {
        return new Registration(project, false, List.of(), List.of());
    }
}
