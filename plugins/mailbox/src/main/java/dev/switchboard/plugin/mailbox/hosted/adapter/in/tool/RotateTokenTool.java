package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code rotate_token}: a fresh token for a role; its old tokens and the view keys they issued stop at once. */
public final class RotateTokenTool extends ManagementTool {

    static final String NAME = "rotate_token";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Rotate a role's token")
            .description("Owner only. Revokes every token of the role and every board view key those tokens issued"
                    + " (they fail from the next request on), and returns {channel, role, token, revoked, note} with a"
                    + " fresh token, shown only now.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "channel": {"type": "string", "description": "The channel's name."},
                        "role": {"type": "string", "description": "One of its roles."}
                      },
                      "required": ["channel", "role"],
                      "additionalProperties": false
                    }""")
            .annotations(ToolAnnotations.writes())
            .build();

    private final ChannelAdministration administration;

    @Inject
    RotateTokenTool(ChannelAdministration administration) {
        super(DESCRIPTOR);
        this.administration = administration;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        ChannelAndRole target = ChannelAndRole.of(call.args());
        return administration.rotate(owner, target.channel(), target.role());
    }
}
