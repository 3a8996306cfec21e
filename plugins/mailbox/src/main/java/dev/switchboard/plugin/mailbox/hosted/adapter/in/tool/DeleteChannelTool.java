package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code delete_channel}: every credential of a channel revoked, the channel hidden, its data and name kept. */
public final class DeleteChannelTool extends ManagementTool {

    static final String NAME = "delete_channel";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Delete a hosted channel")
            .description("Owner only. Revokes every token and view key of the channel and hides it from"
                    + " list_channels; its messages stay in the store and its name can never be used again. Returns"
                    + " {channel, deleted_at, revoked, note}.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "name": {"type": "string", "description": "The channel's name."}
                      },
                      "required": ["name"],
                      "additionalProperties": false
                    }""")
            .annotations(ToolAnnotations.writes().destructive())
            .build();

    private final ChannelAdministration administration;

    @Inject
    DeleteChannelTool(ChannelAdministration administration) {
        super(DESCRIPTOR);
        this.administration = administration;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        String name = call.args().text("name");
        return administration.delete(owner, name);
    }
}
