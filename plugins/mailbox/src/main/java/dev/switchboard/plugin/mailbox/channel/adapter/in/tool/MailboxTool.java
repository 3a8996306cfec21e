package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * A channel tool: the {@link MailboxBaseTool} whose caller is resolved from the server
 * ({@link CallerResolver#resolve}: FORBIDDEN without a role), listed only to a caller with a role
 * ({@link ChannelTool}). A tool class holds its descriptor constant, its use cases and {@code answer}. Thread-safe
 * when the subclass is (all are stateless).
 */
public abstract class MailboxTool extends MailboxBaseTool<Caller> implements ChannelTool {

    private final CallerResolver callers;

    /**
     * @param descriptor the tool's descriptor constant
     * @param callers    who calls
     */
    protected MailboxTool(ToolDescriptor descriptor, CallerResolver callers) {
        super(descriptor);
        this.callers = Objects.requireNonNull(callers, "callers");
    }

    @Override
    public final CallerResolver callers() {
        return callers;
    }

    @Override
    protected final Outcome<Caller> identify(ToolCall call) {
        return callers.resolve(call);
    }
}
