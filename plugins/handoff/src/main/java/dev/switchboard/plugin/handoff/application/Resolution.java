package dev.switchboard.plugin.handoff.application;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.switchboard.plugin.handoff.domain.Project;

/**
 * How a project name resolved against the registry. Immutable.
 *
 * @param status  what happened
 * @param project the chosen project when {@link Status#RESOLVED}, else null
 * @param prompt  for the other statuses, a structured prompt to put to the user (see {@link ProjectPrompts}); else
 *                null
 */
public record Resolution(Status status, Project project, Map<String, Object> prompt) {

    /** The possible results. */
    public enum Status {
        /** Exactly one registered project fits. */
        RESOLVED,
        /** Several registered projects fit: the user must pick one. */
        SELECTION_REQUIRED,
        /** No registered project fits: the user must confirm registering one (never done silently). */
        CONFIRMATION_REQUIRED
    }

    /** @throws NullPointerException if {@code status} is null */
    public Resolution {
        Objects.requireNonNull(status, "status");
        prompt = prompt == null ? null : Map.copyOf(prompt);
    }

    /** @return the chosen project, when resolved */
    public Optional<Project> resolved() {
        return Optional.ofNullable(project);
    }
}
