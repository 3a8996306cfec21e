package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import dev.switchboard.ports.tool.Arguments;

/**
 * The {@code channel} and {@code role} arguments of the tools that act on one role of one hosted channel
 * ({@code add_role}, {@code rotate_token}), read once. Immutable.
 *
 * @param channel the channel's name, as sent
 * @param role    the role's name, as sent
 */
record ChannelAndRole(String channel, String role) {

    /**
     * @param args the call's arguments
     * @return the two, as sent
     * @throws dev.switchboard.ports.tool.InvalidArgumentException if either is missing or not text
     */
    static ChannelAndRole of(Arguments args) {
        return new ChannelAndRole(args.text("channel"), args.text("role"));
    }
}
