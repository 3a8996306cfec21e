package dev.switchboard.plugin.handoff.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * A registered project. Immutable.
 *
 * @param key          its canonical key
 * @param displayName  the name to show people, as first registered
 * @param latest       the sequence of its newest handoff, {@link Sequence#ZERO} when it has none
 * @param handoffCount how many handoffs it holds
 * @param createdAt    when it was registered
 * @param registeredBy who registered it
 */
public record Project(
        ProjectKey key,
        String displayName,
        Sequence latest,
        long handoffCount,
        Instant createdAt,
        String registeredBy) {

    /** @throws NullPointerException if a component is null */
    public Project {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(displayName, "displayName");
        Objects.requireNonNull(latest, "latest");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(registeredBy, "registeredBy");
    }
}
