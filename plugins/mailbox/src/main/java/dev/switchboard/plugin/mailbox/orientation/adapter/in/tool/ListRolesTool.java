package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.ChannelTool;
import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.Replies;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.orientation.application.ListRoles;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code list_roles}: who is in the channel, and when each role was last seen. */
public final class ListRolesTool implements ChannelTool {

    static final String NAME = "list_roles";

    /** The tool's descriptor: the module reads it to list the tool before building it (DeferredTool). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Who is in this channel")
            .description("Returns {roles, you, source, last_seen}. On one machine there is no roster: source is"
                    + " 'observed-in-messages' and roles are those that have sent or received a message, so a role that"
                    + " never spoke is missing. last_seen maps each role that has called a mailbox tool to the time of"
                    + " its last call (ISO-8601 UTC), so you can tell whether a partner is around before you wait for"
                    + " it.")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final CallerResolver callers;
    private final Transactions transactions;
    private final ListRoles listRoles;

    @Inject
    ListRolesTool(CallerResolver callers, Transactions transactions, ListRoles listRoles) {
        this.callers = callers;
        this.transactions = transactions;
        this.listRoles = listRoles;
    }

    @Override
    public CallerResolver callers() {
        return callers;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Replies.of(() -> callers.resolve(call)
                .then(caller -> transactions.read(caller.channelId(), tx -> listRoles.roles(tx, caller))));
    }
}
