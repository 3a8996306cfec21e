package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code add_role}: one more role in a hosted channel, with its token, shown once. */
public final class AddRoleTool extends ManagementTool {

    static final String NAME = "add_role";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Add a role to a hosted channel")
            .description("Owner only. Adds a new role slug to a channel with fewer than " + MailboxLimits.ROLES_MAX
                    + " roles and returns"
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
        super(DESCRIPTOR);
        this.administration = administration;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        ChannelAndRole target = ChannelAndRole.of(call.args());
        return administration.addRole(owner, target.channel(), target.role());
    }
}
