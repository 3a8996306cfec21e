package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Map;
import java.util.Objects;

import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.StorableText;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * The call every tool of the mailbox plugin makes, the channel tools ({@link MailboxTool}) and the hosted management
 * tools alike: first the one storable-text check ({@link StorableText}: INVALID_ARGUMENTS naming the first argument
 * with a NUL or a lone surrogate, which would be stored changed), then {@link #identify} (who calls, or the refusal
 * naming who may), then {@link #answer}; answered through {@link Replies} (the result object as structured content
 * and JSON text, a refusal with its code, a database that stays busy as UNAVAILABLE). {@code answer} reads the
 * arguments and calls one use case, which opens the transaction (ADR 61); a tool opens none. Thread-safe when the
 * subclass is (all are stateless).
 *
 * @param <C> who calls, as the tool needs it (a channel {@code Caller}, a hosted {@code Actor})
 */
public abstract class MailboxBaseTool<C> implements Tool {

    private final ToolDescriptor descriptor;

    /** @param descriptor the tool's descriptor constant */
    protected MailboxBaseTool(ToolDescriptor descriptor) {
        this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
    }

    @Override
    public final ToolDescriptor descriptor() {
        return descriptor;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Replies.of(() -> storable(call).then(unused -> identify(call)).then(caller -> answer(call, caller)));
    }

    /**
     * @param call the call
     * @return who calls, or the refusal (FORBIDDEN naming who may)
     */
    protected abstract Outcome<C> identify(ToolCall call);

    /**
     * The tool's work once the caller is known.
     *
     * @param call   the call (arguments already validated against the descriptor's schema, and storable)
     * @param caller who calls
     * @return the result object, or the refusal
     */
    protected abstract Outcome<Map<String, Object>> answer(ToolCall call, C caller);

    private static Outcome<Boolean> storable(ToolCall call) {
        return StorableText.check(call.arguments());
    }
}
