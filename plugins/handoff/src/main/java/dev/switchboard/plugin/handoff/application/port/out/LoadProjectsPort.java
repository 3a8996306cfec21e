package dev.switchboard.plugin.handoff.application.port.out;

import java.util.List;
import java.util.Optional;

import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.ProjectKey;

/** Reads the project registry. */
public interface LoadProjectsPort {

    /**
     * @param key a canonical key
     * @return the registered project with that key, or empty
     */
    Optional<Project> find(ProjectKey key);

    /** @return every registered project, ordered by key */
    List<Project> registered();

    /** @return every legacy (non-canonical) stored key that still holds handoffs, ordered by stored key */
    List<LegacyProject> legacy();
}
