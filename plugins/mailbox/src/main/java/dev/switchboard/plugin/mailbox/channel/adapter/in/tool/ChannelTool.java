package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;

/**
 * A mailbox tool: listed only to a caller that has a role (ADR 18), so a session that runs Switchboard without a
 * mailbox role pays nothing for the mailbox's tools in its context. Every mailbox tool implements this; its calls
 * still refuse on their own without a role ({@link CallerResolver#resolve}, behaviour 78). Who it is listed to is
 * {@link ChannelAudience}'s rule, which the kernel asks before the tool is built.
 */
public interface ChannelTool extends Tool {

    /** @return the resolver that decides who has a role */
    CallerResolver callers();

    @Override
    default boolean listedFor(Principal caller) {
        return new ChannelAudience(callers()).listedFor(caller);
    }

    @Override
    default String unlistedHint() {
        return CallerResolver.HOW_TO_SET_A_ROLE;
    }

    /** A session whose role is set but malformed is told so, not to set one ({@link ChannelAudience}). */
    @Override
    default String unlistedHint(Principal caller) {
        return new ChannelAudience(callers()).unlistedHint(caller);
    }
}
