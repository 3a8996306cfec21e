package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.orientation.application.ListRoles;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code list_roles}: who is in the channel, and when each role was last seen. */
public final class ListRolesTool extends MailboxTool {

    static final String NAME = "list_roles";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Who is in this channel")
            .description("Returns {roles, you, source, last_seen}. On one machine there is no roster: source is"
                    + " 'observed-in-messages' and roles are those that have sent or received a message, so a role that"
                    + " never spoke is missing. last_seen maps each role that has called a mailbox tool to the time of"
                    + " its last call (ISO-8601 UTC), so you can tell whether a partner is around before you wait for"
                    + " it.")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ListRoles listRoles;

    @Inject
    ListRolesTool(CallerResolver callers, ListRoles listRoles) {
        super(DESCRIPTOR, callers);
        this.listRoles = listRoles;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        return listRoles.roles(caller);
    }
}
