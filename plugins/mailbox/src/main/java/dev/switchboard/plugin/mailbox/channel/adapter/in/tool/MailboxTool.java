package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Map;
import java.util.Objects;

import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The shape every mailbox tool shares, once: its descriptor, listed only to a caller with a role ({@link ChannelTool}),
 * and a call that first resolves the caller from the server ({@link CallerResolver#resolve}: FORBIDDEN without a role,
 * INVALID_ARGUMENTS for unstorable text) and then answers through {@link Replies} (the result object as structured
 * content and JSON text, a refusal with its code, a database that stays busy as UNAVAILABLE). A tool class holds its
 * descriptor constant, its use cases and {@link #answer}. Thread-safe when the subclass is (all are stateless).
 */
public abstract class MailboxTool implements ChannelTool {

    private final ToolDescriptor descriptor;
    private final CallerResolver callers;

    /**
     * @param descriptor the tool's descriptor constant
     * @param callers    who calls
     */
    protected MailboxTool(ToolDescriptor descriptor, CallerResolver callers) {
        this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
        this.callers = Objects.requireNonNull(callers, "callers");
    }

    @Override
    public final CallerResolver callers() {
        return callers;
    }

    @Override
    public final ToolDescriptor descriptor() {
        return descriptor;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Replies.of(() -> callers.resolve(call).then(caller -> answer(call, caller)));
    }

    /**
     * The tool's work once the caller is known.
     *
     * @param call   the call (arguments already validated against the descriptor's schema)
     * @param caller who calls
     * @return the result object, or the refusal
     */
    protected abstract Outcome<Map<String, Object>> answer(ToolCall call, Caller caller);
}
