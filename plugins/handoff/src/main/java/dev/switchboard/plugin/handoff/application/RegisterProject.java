package dev.switchboard.plugin.handoff.application;

import java.time.Clock;
import java.util.List;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.port.out.LoadProjectsPort;
import dev.switchboard.plugin.handoff.application.port.out.RegisterProjectPort;
import dev.switchboard.plugin.handoff.application.port.out.Registration;
import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.ProjectKey;
import dev.switchboard.plugin.handoff.domain.Sequence;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.StorableText;

/**
 * Registers a project under its canonical key, once the user has confirmed it, and merges legacy spellings of the key
 * into it (handoff ids unchanged, resequenced by commit time, cursors remapped by handoff identity). Registering an
 * existing key changes nothing, so the call is idempotent. A preview ({@code confirmed = false}) writes nothing and
 * says what registering would do.
 */
public final class RegisterProject {

    private final LoadProjectsPort projects;
    private final RegisterProjectPort register;
    private final Clock clock;

    /**
     * @param projects reads the registry, for previews
     * @param register registers and merges (and signals {@link HandoffListChanges#TOPIC} when a merge moved handoffs)
     * @param clock    the time of registration
     */
    @Inject
    public RegisterProject(LoadProjectsPort projects, RegisterProjectPort register, Clock clock) {
        this.projects = projects;
        this.register = register;
        this.clock = clock;
    }

    /**
     * @param name         the project name; normalised to its canonical key
     * @param displayName  the name to show, or null to use {@code name} as given
     * @param registeredBy who registers it
     * @param confirmed    false for a preview that writes nothing
     * @return what was (or would be) done, or an invalid-name refusal
     */
    public Outcome<Registration> register(String name, String displayName, String registeredBy, boolean confirmed) {
        var key = ProjectKey.normalize(name);
        if (key.isEmpty()) {
            return Outcome.refused(ResolveProject.invalidName(name));
        }
        String shown = displayName == null || displayName.isBlank() ? name.strip() : displayName.strip();
        return StorableText.check("display_name", shown, "registered_by", registeredBy)
                .then(ok -> Outcome.done(
                        confirmed
                                ? register.register(key.get(), shown, registeredBy, clock.instant())
                                : preview(key.get(), shown, registeredBy)));
    }

    private Registration preview(ProjectKey key, String shown, String registeredBy) {
        List<Registration.MergedVariant> merged = projects.legacy().stream()
                .filter(legacy -> legacy.canonical().filter(key::equals).isPresent())
                .map(RegisterProject::variant)
                .toList();
        return projects.find(key)
                .map(existing -> new Registration(existing, false, merged, List.of()))
                .orElseGet(() -> new Registration(
                        new Project(key, shown, Sequence.ZERO, 0, clock.instant(), registeredBy),
                        true,
                        merged,
                        List.of()));
    }

    private static Registration.MergedVariant variant(LegacyProject legacy) {
        return new Registration.MergedVariant(legacy.storedKey(), legacy.handoffCount());
    }
}
