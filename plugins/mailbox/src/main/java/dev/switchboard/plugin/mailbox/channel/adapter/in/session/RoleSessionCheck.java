package dev.switchboard.plugin.mailbox.channel.adapter.in.session;

import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.call.SessionCheck;

/**
 * A local session whose configured role ({@code plugins.mailbox.role}, else {@code AI_AGENT_CHANNEL_ROLE}) is no role
 * name: the in-process stdio session then refuses to start, naming the setting and the rule, instead of serving
 * without its tools and without a word. Thread-safe.
 */
@Extension
public final class RoleSessionCheck implements SessionCheck {

    private final Provider<CallerResolver> callers;

    /** @param callers the resolver, built when first asked */
    @Inject
    public RoleSessionCheck(Provider<CallerResolver> callers) {
        this.callers = callers;
    }

    @Override
    public Optional<String> problem(Principal session) {
        return callers.get().roleProblem(session);
    }
}
