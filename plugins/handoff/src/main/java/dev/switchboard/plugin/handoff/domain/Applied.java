package dev.switchboard.plugin.handoff.domain;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Immutable provenance that a handoff was integrated into a repository: once recorded it is never changed or deleted.
 *
 * @param appliedBy  who integrated it, such as {@code codex}
 * @param repository the repository, such as a path or a remote URL
 * @param commitRef  the commit that holds the integration
 * @param paths      the files it went into, in the order given
 * @param appliedAt  when it was recorded
 */
public record Applied(String appliedBy, String repository, String commitRef, List<String> paths, Instant appliedAt) {

    /** @throws NullPointerException if a component is null */
    public Applied {
        Objects.requireNonNull(appliedBy, "appliedBy");
        Objects.requireNonNull(repository, "repository");
        Objects.requireNonNull(commitRef, "commitRef");
        paths = List.copyOf(paths);
        Objects.requireNonNull(appliedAt, "appliedAt");
    }
}
