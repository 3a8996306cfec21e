package dev.switchboard.plugin.mailbox.hosted.application;

import java.util.Map;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.call.Principal;

/**
 * Who performs a management action, as the server knows it: the owner (the owner token over HTTP) or one role of one
 * channel (a role token). Immutable.
 *
 * @param owner     whether it is the owner
 * @param channelId a role's channel id, or 0 for the owner
 * @param channel   a role's channel, or null
 * @param role      a role's name, or null
 * @param tokenId   a role's token id, or null
 */
public record Actor(boolean owner, long channelId, String channel, String role, Long tokenId) {

    /** The owner. */
    public static final Actor OWNER = new Actor(true, 0, null, null, null);

    /** The principal attribute naming a hosted principal's channel. */
    public static final String CHANNEL = "channel";

    /** The principal attribute naming a role principal's role. */
    public static final String ROLE = "role";

    /** The principal attribute holding the channel's id (decimal). */
    public static final String CHANNEL_ID = CallerResolver.CHANNEL_ID_ATTRIBUTE;

    /** The principal attribute holding the credential's id (decimal). */
    public static final String TOKEN_ID = "token_id";

    /** The principal attribute holding a view key's label. */
    public static final String LABEL = "label";

    /** @return how the audit names this actor: {@code owner} or {@code <channel>/<role>} */
    public String name() {
        return owner ? "owner" : channel + "/" + role;
    }

    /**
     * @param principal a tool call's caller
     * @return whether it is the owner token over a network transport (not the local stdio owner, who is no
     *         administrator of hosted channels)
     */
    public static boolean isHostedOwner(Principal principal) {
        return CallerResolver.isNetworkOwner(principal);
    }

    /**
     * @param principal a tool call's caller
     * @return whether it is a hosted channel's role (a role token this plugin resolved)
     */
    public static boolean isHostedRole(Principal principal) {
        Map<String, String> attributes = principal.attributes();
        return principal.kind() == Principal.Kind.CHANNEL_ROLE
                && attributes.containsKey(CHANNEL)
                && attributes.containsKey(ROLE)
                && attributes.containsKey(CHANNEL_ID)
                && attributes.containsKey(TOKEN_ID);
    }

    /**
     * @param principal a hosted role ({@link #isHostedRole})
     * @return it as an actor
     */
    static Actor role(Principal principal) {
        Map<String, String> attributes = principal.attributes();
        return new Actor(
                false,
                Long.parseLong(attributes.get(CHANNEL_ID)),
                Objects.requireNonNull(attributes.get(CHANNEL)),
                Objects.requireNonNull(attributes.get(ROLE)),
                Long.parseLong(attributes.get(TOKEN_ID)));
    }
}
