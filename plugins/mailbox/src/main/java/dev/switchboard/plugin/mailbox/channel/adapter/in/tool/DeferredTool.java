package dev.switchboard.plugin.mailbox.channel.adapter.in.tool;

import java.util.Objects;
import java.util.function.Supplier;

import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * A mailbox tool as the kernel sees it at start-up: its descriptor (a constant of the tool class) and whether it is
 * listed to a caller, while the tool itself, with its use cases and stores, is built on its first call. Starting the
 * plugin then costs the 34 descriptors and the {@link CallerResolver} only, not the object graph behind every tool
 * (docs/performance.md, "Cold start with and without the mailbox plugin"). A session without a role lists none and
 * builds one only by calling it (to be refused); a session with a role builds each tool it calls, once.
 *
 * <p>Thread-safe: concurrent first calls build the tool once (the builder is the plugin injector's lookup, itself
 * thread-safe) and every call after the first reads a volatile field.
 */
public final class DeferredTool implements ChannelTool {

    private final ToolDescriptor descriptor;
    private final CallerResolver callers;
    private final Supplier<? extends Tool> builder;
    private volatile Tool built;

    /**
     * @param descriptor the tool's descriptor, the same constant its class answers
     * @param callers    who has a role (what decides whether the tool is listed)
     * @param builder    builds the tool; called once, on the first call
     */
    public DeferredTool(ToolDescriptor descriptor, CallerResolver callers, Supplier<? extends Tool> builder) {
        this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
        this.callers = Objects.requireNonNull(callers, "callers");
        this.builder = Objects.requireNonNull(builder, "builder");
    }

    @Override
    public CallerResolver callers() {
        return callers;
    }

    @Override
    public ToolDescriptor descriptor() {
        return descriptor;
    }

    /**
     * Builds the tool on the first call, then hands every call to it.
     *
     * @throws IllegalStateException if the built tool's descriptor is not this one (a wiring defect: the kernel
     *     answers it as {@code INTERNAL_ERROR})
     */
    @Override
    public ToolResult call(ToolCall call) {
        return tool().call(call);
    }

    /**
     * @return the tool, built now if no call has built it yet
     * @throws IllegalStateException if the built tool answers another descriptor
     */
    public Tool tool() {
        Tool tool = built;
        if (tool == null) {
            synchronized (this) {
                tool = built;
                if (tool == null) {
                    tool = builder.get();
                    if (!descriptor.equals(tool.descriptor())) {
                        throw new IllegalStateException(
                                "the tool built for " + descriptor.name() + " answers the descriptor of "
                                        + tool.descriptor().name());
                    }
                    built = tool;
                }
            }
        }
        return tool;
    }
}
