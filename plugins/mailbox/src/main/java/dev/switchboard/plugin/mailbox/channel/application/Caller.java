package dev.switchboard.plugin.mailbox.channel.application;

import java.util.Objects;

/**
 * Who calls a mailbox tool, as the server knows it (never from the call's arguments): the channel's row id and name,
 * and the caller's role in it. Immutable.
 *
 * @param channelId the {@code mailbox_channel.channel_id}
 * @param channel   the channel's name ({@code local} unless configured)
 * @param role      the caller's role, such as {@code frontend}
 * @param hosted    whether the caller is a hosted channel's role (a role token over HTTP), not a local session's
 *                  configured role
 */
public record Caller(long channelId, String channel, String role, boolean hosted) {

    /** @throws NullPointerException if a name is null */
    public Caller {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(role, "role");
    }
}
