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

/** {@code rotate_token}: a fresh token for a role; its old tokens and the view keys they issued stop at once. */
public final class RotateTokenTool implements ManagementTool {

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
        return Replies.of(() -> Administrators.owner(call).then(owner -> administration.rotate(owner, channel, role)));
    }
}
