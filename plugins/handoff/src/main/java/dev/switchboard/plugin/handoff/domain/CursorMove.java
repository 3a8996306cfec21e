package dev.switchboard.plugin.handoff.domain;

import java.util.Objects;

/**
 * The outcome of asking a cursor to move. Immutable.
 *
 * @param kind   what happened
 * @param before the cursor before
 * @param after  the cursor after (the same as {@code before} unless {@link Kind#ADVANCED})
 */
public record CursorMove(Kind kind, Cursor before, Cursor after) {

    /** What a move did. */
    public enum Kind {
        /** The cursor moved forward. */
        ADVANCED,
        /** The target was not ahead of the cursor: nothing changed, and that is not an error. */
        UNCHANGED,
        /** The target is past the project's latest handoff: refused, nothing changed. */
        BEYOND_LATEST
    }

    /** @throws NullPointerException if a component is null */
    public CursorMove {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }
}
