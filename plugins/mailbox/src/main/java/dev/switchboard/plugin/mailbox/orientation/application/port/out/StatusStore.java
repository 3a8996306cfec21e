package dev.switchboard.plugin.mailbox.orientation.application.port.out;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.application.port.out.Tx;

/**
 * The reads behind a role's status and the one write {@code channel_status} makes. Every call runs in the transaction
 * it is given and is scoped to its channel. Thread-safe.
 */
public interface StatusStore {

    /**
     * A live message addressed to the role and not marked read by it.
     *
     * @param id     the message id
     * @param opened whether it was delivered to the role (read_inbox showed it)
     */
    record Unread(long id, boolean opened) {}

    /**
     * @param tx   the transaction
     * @param role the role
     * @return its unread messages, ascending by id
     */
    List<Unread> unread(Tx tx, String role);

    /**
     * How many messages {@link #unread} would list, and how many of them were never delivered.
     *
     * @param unread   the unread messages
     * @param unopened how many of them read_inbox never showed
     */
    record UnreadCount(int unread, int unopened) {}

    /**
     * @param tx    the transaction
     * @param roles the roles, at least one
     * @return per role (every role asked is present), the counts of its unread messages: one query for all of them
     */
    Map<String, UnreadCount> unreadCounts(Tx tx, List<String> roles);

    /**
     * @param tx the transaction
     * @return the latest version of every pin, without bodies ({@code key, title, version, updated_by, updated_at,
     *     approved_by, body_sha256, body_length_bytes, body_length_chars}), ascending by key
     */
    List<Map<String, Object>> pins(Tx tx);

    /**
     * @param tx the transaction
     * @return every role with a recorded mailbox call and the time of its last one, ascending by role
     */
    Map<String, String> lastSeen(Tx tx);

    /**
     * @param tx   the transaction
     * @param role the role
     * @return the build whose notice the role was last shown, or empty
     */
    Optional<String> seenBuild(Tx tx, String role);

    /**
     * Records that the role was shown this build's notice.
     *
     * @param tx    a write transaction
     * @param role  the role
     * @param build the build
     */
    void recordSeenBuild(Tx tx, String role, String build);
}
