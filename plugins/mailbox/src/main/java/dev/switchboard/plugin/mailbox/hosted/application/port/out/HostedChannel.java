package dev.switchboard.plugin.mailbox.hosted.application.port.out;

import java.util.List;
import java.util.Objects;

/**
 * A {@code mailbox_channel} row. Immutable.
 *
 * @param id        {@code channel_id}
 * @param name      the channel's name
 * @param roles     a hosted channel's registered roles in creation order; null for a local (stdio) channel
 * @param createdAt when it was created (ISO-8601 UTC)
 * @param deletedAt when it was deleted, or null
 */
public record HostedChannel(long id, String name, List<String> roles, String createdAt, String deletedAt) {

    /** @throws NullPointerException if the name or creation time is null */
    public HostedChannel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(createdAt, "createdAt");
        roles = roles == null ? null : List.copyOf(roles);
    }

    /** @return whether the channel has registered roles (it was made by create_channel) */
    public boolean hosted() {
        return roles != null;
    }

    /** @return whether delete_channel hid it */
    public boolean deleted() {
        return deletedAt != null;
    }
}
