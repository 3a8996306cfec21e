package dev.switchboard.plugin.handoff.application;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadProjectsPort;
import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;

/**
 * Resolves a project name against the registry. A name is normalised to its canonical key first. With no name, the
 * only registered project is chosen; with several, the user is asked to select. A name that matches no registered
 * project is never registered silently: the user is asked to confirm, and when the name is a prefix or unhyphenated
 * form of several registered keys ({@code raveil} for {@code raveil-web} and {@code raveil-docs}) to select.
 */
public final class ResolveProject {

    private final LoadProjectsPort projects;

    /** @param projects the registry */
    @Inject
    public ResolveProject(LoadProjectsPort projects) {
        this.projects = projects;
    }

    /**
     * @param name a project name, or null (or blank) for "whichever project is registered"
     * @return the resolution, or an {@link Reason#INVALID_ARGUMENTS} refusal when the name cannot be normalised
     */
    public Outcome<Resolution> resolve(String name) {
        if (name == null || name.isBlank()) {
            return Outcome.done(withoutName());
        }
        return ProjectKey.normalize(name)
                .map(key -> Outcome.done(named(key)))
                .orElseGet(() -> Outcome.refused(invalidName(name)));
    }

    /**
     * @param name a project name
     * @return the registered project, or a refusal: {@link Reason#PROJECT_UNKNOWN} with a confirmation prompt,
     *         {@link Reason#PROJECT_AMBIGUOUS} with a selection prompt, or {@link Reason#INVALID_ARGUMENTS}
     */
    public Outcome<Project> registered(String name) {
        return resolve(name).then(resolution -> switch (resolution.status()) {
            case RESOLVED -> Outcome.done(resolution.project());
            case SELECTION_REQUIRED ->
                Outcome.refused(new Refusal(
                        HandoffCodes.PROJECT_AMBIGUOUS,
                        "'" + name + "' could mean several registered projects; ask the user which one and call again"
                                + " with its exact key",
                        Map.of("prompt", resolution.prompt())));
            case CONFIRMATION_REQUIRED ->
                Outcome.refused(new Refusal(
                        HandoffCodes.PROJECT_UNKNOWN,
                        "no project '" + name + "' is registered; nothing was written. Ask the user to confirm"
                                + " registering it (frontispice_register_project) or to pick a registered project",
                        Map.of("prompt", resolution.prompt())));
        });
    }

    static Refusal invalidName(String name) {
        return Refusal.invalid("project", "'" + name + "' is not a usable project name; use " + ProjectKey.RULE);
    }

    private Resolution withoutName() {
        List<Project> registered = projects.registered();
        if (registered.size() == 1) {
            return new Resolution(Resolution.Status.RESOLVED, registered.getFirst(), null);
        }
        if (registered.isEmpty()) {
            return new Resolution(
                    Resolution.Status.CONFIRMATION_REQUIRED,
                    null,
                    ProjectPrompts.confirm(null, List.of(), projects.legacy()));
        }
        return new Resolution(
                Resolution.Status.SELECTION_REQUIRED,
                null,
                ProjectPrompts.select(
                        "Several projects are registered. Ask the user which one this is for.", registered));
    }

    private Resolution named(ProjectKey key) {
        var found = projects.find(key);
        if (found.isPresent()) {
            return new Resolution(Resolution.Status.RESOLVED, found.get(), null);
        }
        List<Project> similar = projects.registered().stream()
                .filter(p -> similar(p.key(), key))
                .toList();
        if (similar.size() > 1) {
            return new Resolution(
                    Resolution.Status.SELECTION_REQUIRED,
                    null,
                    ProjectPrompts.select(
                            "'" + key + "' is not registered but could mean several projects. Ask the user which one.",
                            similar));
        }
        List<LegacyProject> variants = projects.legacy().stream()
                .filter(legacy -> legacy.canonical().filter(key::equals).isPresent())
                .toList();
        return new Resolution(
                Resolution.Status.CONFIRMATION_REQUIRED, null, ProjectPrompts.confirm(key, similar, variants));
    }

    /** Whether one key extends the other by whole hyphen-separated words, or they differ only in hyphens. */
    private static boolean similar(ProjectKey registered, ProjectKey asked) {
        String a = registered.value();
        String b = asked.value();
        return a.startsWith(b + "-")
                || b.startsWith(a + "-")
                || a.replace("-", "").equals(b.replace("-", ""));
    }
}
