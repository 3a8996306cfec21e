package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.BoardAccess;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code revoke_board_access}: every view key of a channel revoked. */
public final class RevokeBoardAccessTool extends ManagementTool {

    static final String NAME = "revoke_board_access";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Revoke every board link of a channel")
            .description("Owner only. Revokes every view key of the channel, whoever issued it; board sessions opened"
                    + " with them stop at once. Returns {channel, revoked}.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "channel": {"type": "string", "description": "The channel's name."}
                      },
                      "required": ["channel"],
                      "additionalProperties": false
                    }""")
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final BoardAccess board;

    @Inject
    RevokeBoardAccessTool(BoardAccess board) {
        super(DESCRIPTOR);
        this.board = board;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        String channel = call.args().text("channel");
        return board.revoke(owner, channel);
    }
}
