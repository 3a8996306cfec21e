package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.Administrators;
import dev.switchboard.plugin.mailbox.hosted.application.BoardAccess;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * {@code board_link}: a view key and a single-use board URL, for the owner (any channel) or a role (its own), so it
 * is listed to both.
 */
public final class BoardLinkTool extends ManagementTool {

    static final String NAME = "board_link";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Link a human to the channel's board")
            .description("The owner for any channel, a role for its own (channel may then be omitted). Issues a"
                    + " read-only view key and returns {channel, label, url, view_key, expires_in_s, key_expires_at,"
                    + " revoked_oldest, note}: the url carries a single-use nonce valid for expires_in_s ("
                    + HostedLimits.BOARD_NONCE_TTL.toSeconds() + ") seconds;"
                    + " the key lives until key_expires_at (" + HostedLimits.VIEW_KEY_TTL_DAYS_DEFAULT
                    + " days unless configured) or until its issuer's token is"
                    + " rotated. An issuer keeps at most " + HostedLimits.LIVE_VIEW_KEYS_PER_ISSUER
                    + " live keys per channel: the oldest is revoked.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "channel": {"type": "string", "default": "",
                          "description": "The channel; omit it (or pass \\"\\") for your role's own."},
                        "label": {"type": "string", "default": "board",
                          "description": "What the link is for, 1 to %d characters."}
                      },
                      "additionalProperties": false
                    }""".formatted(HostedLimits.LABEL_CHARS))
            .annotations(ToolAnnotations.writes().notIdempotent())
            .build();

    private final BoardAccess board;

    @Inject
    BoardLinkTool(BoardAccess board) {
        super(DESCRIPTOR);
        this.board = board;
    }

    @Override
    public boolean listedFor(Principal caller) {
        return Actor.isHostedOwner(caller) || Actor.isHostedRole(caller);
    }

    @Override
    protected Outcome<Actor> identify(ToolCall call) {
        return Administrators.ownerOrRole(call.principal());
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor actor) {
        Arguments args = call.args();
        String channel = args.optionalText("channel").orElse("");
        String label = args.optionalText("label").orElse("board");
        return board.link(actor, channel, label);
    }
}
