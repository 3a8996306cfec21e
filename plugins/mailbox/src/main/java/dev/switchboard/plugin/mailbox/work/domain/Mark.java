package dev.switchboard.plugin.mailbox.work.domain;

import java.util.Objects;

/**
 * One event of a message's history, reduced to what the work rules compare: who wrote it and where it stands in the
 * history. Immutable.
 *
 * @param role the role that wrote the event (from the server, never from arguments)
 * @param seq  the event's position in the store's event log: a later event has a larger {@code seq}; at least 1
 */
public record Mark(String role, long seq) {

    /**
     * @throws NullPointerException     if {@code role} is null
     * @throws IllegalArgumentException if {@code seq} is below 1
     */
    public Mark {
        Objects.requireNonNull(role, "role");
        if (seq < 1) {
            throw new IllegalArgumentException("an event's seq is at least 1, got " + seq);
        }
    }
}
