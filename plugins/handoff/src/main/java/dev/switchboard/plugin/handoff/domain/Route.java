package dev.switchboard.plugin.handoff.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * Routing metadata a librarian attached to a handoff: which specialist or agent should take it, and why. A route
 * spawns nothing and edits nothing; it is a record to query. Immutable.
 *
 * @param target    the specialist or agent, such as {@code architecture}
 * @param rationale why it goes there
 * @param routedBy  who routed it, such as {@code librarian}
 * @param routedAt  when
 */
public record Route(String target, String rationale, String routedBy, Instant routedAt) {

    /** @throws NullPointerException if a component is null */
    public Route {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(rationale, "rationale");
        Objects.requireNonNull(routedBy, "routedBy");
        Objects.requireNonNull(routedAt, "routedAt");
    }
}
