package dev.switchboard.plugin.handoff.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * Handoffs stored under a project key that is not canonical ({@code Raveil}, {@code raveil_}), as databases written
 * before keys were normalised hold them. They are not a registered project: registering the canonical key merges
 * them into it. Immutable.
 *
 * @param storedKey    the key as stored
 * @param handoffCount how many handoffs are stored under it
 */
public record LegacyProject(String storedKey, long handoffCount) {

    /** @throws NullPointerException if {@code storedKey} is null */
    public LegacyProject {
        Objects.requireNonNull(storedKey, "storedKey");
    }

    /** @return the canonical project it merges into, or empty when the stored key cannot be normalised */
    public Optional<ProjectKey> canonical() {
        return ProjectKey.normalize(storedKey);
    }
}
