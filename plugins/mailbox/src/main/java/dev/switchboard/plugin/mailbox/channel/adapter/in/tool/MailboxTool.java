package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.BuiltOnFirstCall;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * A channel tool: the {@link MailboxBaseTool} whose caller is resolved from the server
 * ({@link CallerResolver#resolve}: FORBIDDEN without a role), listed only to a caller with a role
 * ({@link ChannelTool}). A tool class holds its descriptor constant ({@code public static final ToolDescriptor
 * DESCRIPTOR}), its use cases and {@code answer}; the kernel lists it from that constant to the {@link ChannelAudience}
 * and builds it on its first call ({@link BuiltOnFirstCall}, inherited), so a start pays for the descriptors only.
 * Thread-safe when the subclass is (all are stateless).
 */
@BuiltOnFirstCall(listedTo = ChannelAudience.class)
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
