package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Objects;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolAudience;

/**
 * Who the channel tools are listed to (ADR 18): a caller that has a role ({@link CallerResolver#hasRole}). A caller
 * without one is told how to set one, or, when its configured role is malformed, what is wrong with it. The kernel
 * asks this for a channel tool before the tool is built ({@code @BuiltOnFirstCall(listedTo = ChannelAudience.class)}
 * on {@link MailboxTool} and the orientation's bundled-text tools); {@link ChannelTool} answers by it once built.
 * Thread-safe (the resolver is).
 */
public final class ChannelAudience implements ToolAudience {

    private final CallerResolver callers;

    /** @param callers who has a role */
    @Inject
    public ChannelAudience(CallerResolver callers) {
        this.callers = Objects.requireNonNull(callers, "callers");
    }

    @Override
    public boolean listedFor(Principal caller) {
        return callers.hasRole(caller);
    }

    /** A session whose role is set but malformed is told so, not to set one. */
    @Override
    public String unlistedHint(Principal caller) {
        return callers.roleProblem(caller)
                .map(problem ->
                        "The mailbox tools are not listed because " + problem + "; fix it and restart the session.")
                .orElse(CallerResolver.HOW_TO_SET_A_ROLE);
    }
}
