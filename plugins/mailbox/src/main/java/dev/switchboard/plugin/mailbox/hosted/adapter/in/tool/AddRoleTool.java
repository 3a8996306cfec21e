package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.Replies;
import dev.switchboard.plugin.mailbox.hosted.application.Administrators;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code add_role}: one more role in a hosted channel, with its token, shown once. */
public final class AddRoleTool implements ManagementTool {

    static final String NAME = "add_role";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Add a role to a hosted channel")
            .description("Owner only. Adds a new role slug to a channel with fewer than 12 roles and returns"
                    + " {channel, role, token, roles, note}; the token is shown only now. The new role reads the whole"
                    + " history, and its agreement is needed in future rounds addressed to every role.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "channel": {"type": "string", "description": "The channel's name."},
                        "role": {"type": "string", "description": "The new role's slug."}
                      },
                      "required": ["channel", "role"],
                      "additionalProperties": false
                    }""")
            .annotations(ToolAnnotations.writes())
            .build();

    private final ChannelAdministration administration;

    @Inject
    AddRoleTool(ChannelAdministration administration) {
        this.administration = administration;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        String channel = args.text("channel");
        String role = args.text("role");
        return Replies.of(() -> Administrators.owner(call).then(owner -> administration.addRole(owner, channel, role)));
    }
}
