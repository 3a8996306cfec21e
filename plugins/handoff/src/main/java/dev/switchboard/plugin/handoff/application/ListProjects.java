package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.Objects;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadProjectsPort;
import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.ports.tool.Outcome;

/** Lists the registry and resolves a name against it, the step before publishing. Changes nothing. */
public final class ListProjects {

    /**
     * The registry and a resolution. Immutable.
     *
     * @param projects   every registered project, by key
     * @param legacy     legacy stored keys still waiting to be merged by a registration
     * @param resolution how the requested name (or no name) resolved
     */
    public record Listing(List<Project> projects, List<LegacyProject> legacy, Resolution resolution) {
        /** @throws NullPointerException if a component is null */
        public Listing {
            projects = List.copyOf(projects);
            legacy = List.copyOf(legacy);
            Objects.requireNonNull(resolution, "resolution");
        }
    }

    private final LoadProjectsPort projects;
    private final ResolveProject resolver;

    /**
     * @param projects the registry
     * @param resolver resolves names
     */
    @Inject
    public ListProjects(LoadProjectsPort projects, ResolveProject resolver) {
        this.projects = projects;
        this.resolver = resolver;
    }

    /**
     * @param name a project name to resolve, or null to resolve "the" project
     * @return the listing, or an invalid-name refusal
     */
    public Outcome<Listing> list(String name) {
        return resolver.resolve(name)
                .then(resolution -> Outcome.done(new Listing(projects.registered(), projects.legacy(), resolution)));
    }
}
