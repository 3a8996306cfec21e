package dev.switchboard.plugin.mailbox.hook.domain;

import java.util.List;
import java.util.Optional;

import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.RoleRoster;

/**
 * Whether the local hooks' and status CLI's role and channel name something in the store, so that a typo is said
 * instead of counted as zero. The original's rule stays: a local channel's roles are those that have sent
 * or received a message, so "unknown" means:
 *
 * <ul>
 *   <li>the channel has no role (no message was ever sent in it) while other local channels of the store have: its
 *       name is likely mistyped (the channels with roles are named);</li>
 *   <li>the channel has roles and the role is not one of them (the roles are named): a typo, or a role that has not
 *       sent or received its first message yet, which makes it known.</li>
 * </ul>
 *
 * A store where no local channel has a role yet (a new installation) has nothing to tell a typo from: its counts are
 * zero, as before. Stateless.
 */
public final class KnownTarget {

    private KnownTarget() {}

    /**
     * @param channel           the local channel's name
     * @param role              the role asked for
     * @param roster            the channel's roles (observed in its messages)
     * @param channelsWithRoles the store's local channels that have a role
     * @return why the role or channel is unknown, naming the known ones and the settings, or empty when it is known
     *     (or nothing is known yet)
     */
    public static Optional<String> problem(
            String channel, String role, RoleRoster roster, List<String> channelsWithRoles) {
        if (roster.roles().isEmpty()) {
            List<String> others = channelsWithRoles.stream()
                    .filter(name -> !name.equals(channel))
                    .toList();
            if (others.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of("the mailbox channel " + ClientText.quoted(channel) + " has no roles (no message was"
                    + " ever sent in it), while the store's channels with roles are: " + String.join(", ", others)
                    + ". Check plugins.mailbox.channel (SWITCHBOARD_PLUGINS__MAILBOX__CHANNEL) for a typo; its counts"
                    + " would be zero forever");
        }
        if (roster.has(role)) {
            return Optional.empty();
        }
        return Optional.of("the mailbox role " + ClientText.quoted(role) + " is not a role of channel "
                + ClientText.quoted(channel) + " (its roles: " + roster.names() + "; a local channel's roles are"
                + " those that have sent or received a message, so a new role is known from its first message)."
                + " Check --role, plugins.mailbox.role (SWITCHBOARD_PLUGINS__MAILBOX__ROLE) or AI_AGENT_CHANNEL_ROLE"
                + " for a typo");
    }
}
