package dev.switchboard.plugin.handoff.application;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadAppliedPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadCursorsPort;
import dev.switchboard.plugin.handoff.application.port.out.LoadRoutesPort;
import dev.switchboard.plugin.handoff.domain.AppliedEntry;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.ports.tool.Outcome;

/** Reports a project's handoff count, latest sequence, consumer cursors, routes and applied provenance. */
public final class ProjectStatus {

    /** How many applied records the status lists. */
    public static final int RECENT_APPLIED = 20;

    /**
     * A project's status. Immutable.
     *
     * @param project       the project (count and latest sequence included)
     * @param cursors       every consumer's cursor, by consumer
     * @param routeTargets  how many handoffs are routed to each target, sorted by target
     * @param appliedCount  how many applied records the project's handoffs have
     * @param recentApplied the newest applied records, newest first, at most {@value #RECENT_APPLIED}
     */
    public record Report(
            Project project,
            List<Cursor> cursors,
            Map<String, Long> routeTargets,
            long appliedCount,
            List<AppliedEntry> recentApplied) {
        /** @throws NullPointerException if a component is null */
        public Report {
            Objects.requireNonNull(project, "project");
            cursors = List.copyOf(cursors);
            routeTargets = Collections.unmodifiableSortedMap(new TreeMap<>(routeTargets));
            recentApplied = List.copyOf(recentApplied);
        }
    }

    private final ResolveProject resolver;
    private final LoadCursorsPort cursors;
    private final LoadRoutesPort routes;
    private final LoadAppliedPort applied;

    @Inject
    ProjectStatus(ResolveProject resolver, LoadCursorsPort cursors, LoadRoutesPort routes, LoadAppliedPort applied) {
        this.resolver = resolver;
        this.cursors = cursors;
        this.routes = routes;
        this.applied = applied;
    }

    /**
     * @param project a project name
     * @return the report, or PROJECT_UNKNOWN, PROJECT_AMBIGUOUS or INVALID_ARGUMENTS
     */
    public Outcome<Report> status(String project) {
        return resolver.registered(project)
                .then(found -> Outcome.done(new Report(
                        found,
                        cursors.cursors(found.key()),
                        routes.targetCounts(found.key()),
                        applied.count(found.key()),
                        applied.recent(found.key(), RECENT_APPLIED))));
    }
}
