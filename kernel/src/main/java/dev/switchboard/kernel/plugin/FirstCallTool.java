package dev.switchboard.kernel.plugin;

import java.util.Objects;
import java.util.function.Supplier;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.BuiltOnFirstCall;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAudience;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/**
 * A {@link BuiltOnFirstCall} tool as the catalog holds it: its descriptor constant and its audience (built on the
 * first listing), while the tool itself is built by its plugin's injector on its first call. Thread-safe: concurrent
 * first calls build the tool once; later calls read a volatile field.
 */
final class FirstCallTool implements Tool {

    private final ToolDescriptor descriptor;
    private final Supplier<ToolAudience> audience;
    private final Supplier<? extends Tool> builder;
    private volatile ToolAudience listing;
    private volatile Tool built;

    /**
     * @param descriptor the tool class's {@code DESCRIPTOR}
     * @param audience   builds who it is listed to; null for {@link Tool}'s default listing (owner and admins)
     * @param builder    builds the tool; called once, on the first call
     */
    FirstCallTool(ToolDescriptor descriptor, Supplier<ToolAudience> audience, Supplier<? extends Tool> builder) {
        this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
        this.audience = audience;
        this.builder = Objects.requireNonNull(builder, "builder");
    }

    @Override
    public ToolDescriptor descriptor() {
        return descriptor;
    }

    /**
     * @throws IllegalStateException if the built tool answers another descriptor (a wiring defect, answered as
     *                               {@code INTERNAL_ERROR})
     */
    @Override
    public ToolResult call(ToolCall call) {
        return tool().call(call);
    }

    @Override
    public boolean listedFor(Principal caller) {
        return audience == null ? Tool.super.listedFor(caller) : audience().listedFor(caller);
    }

    @Override
    public String unlistedHint(Principal caller) {
        return audience == null ? null : audience().unlistedHint(caller);
    }

    private ToolAudience audience() {
        ToolAudience known = listing;
        if (known == null) {
            synchronized (this) {
                if (listing == null) {
                    listing = audience.get();
                }
                known = listing;
            }
        }
        return known;
    }

    private Tool tool() {
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
