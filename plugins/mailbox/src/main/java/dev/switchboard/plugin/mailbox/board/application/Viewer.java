package dev.switchboard.plugin.mailbox.board.application;

import java.util.Objects;

/**
 * Who is looking at the board: the owner (every channel, and the index) or a viewer of one channel (a view key, as a
 * bearer or through a board session). Immutable.
 *
 * @param owner   whether it is the owner
 * @param channel the viewer's channel, or null for the owner
 */
public record Viewer(boolean owner, String channel) {

    /** The owner. */
    public static final Viewer OWNER = new Viewer(true, null);

    /**
     * @param channel a channel
     * @return a viewer of that channel
     */
    public static Viewer of(String channel) {
        return new Viewer(false, Objects.requireNonNull(channel, "channel"));
    }

    /**
     * @param name a channel
     * @return whether this viewer may read it (the owner any; a viewer its own)
     */
    public boolean mayRead(String name) {
        return owner || channel.equals(name);
    }
}
