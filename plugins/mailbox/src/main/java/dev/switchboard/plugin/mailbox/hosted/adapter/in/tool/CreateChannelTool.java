package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.domain.MailboxLimits;
import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code create_channel}: a new hosted channel with its roles, and one token per role, shown once. */
public final class CreateChannelTool extends ManagementTool {

    static final String NAME = "create_channel";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Create a hosted channel")
            .description("Owner only. Creates a channel named by a slug (^[a-z0-9][a-z0-9_-]{0,63}$) with "
                    + MailboxLimits.ROLES_MIN + " to " + MailboxLimits.ROLES_MAX
                    + " distinct role slugs, and returns {channel, roles, tokens: {role: cct_ token}, note}. Each token"
                    + " is shown only in this answer (the server keeps its SHA-256 digest): hand each agent its own,"
                    + " sent as Authorization: Bearer. A name that exists, or existed and was deleted, is refused.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "name": {"type": "string", "description": "The channel's slug."},
                        "roles": {"type": "array", "items": {"type": "string"},
                          "description": "%d to %d distinct role slugs."}
                      },
                      "required": ["name", "roles"],
                      "additionalProperties": false
                    }""".formatted(MailboxLimits.ROLES_MIN, MailboxLimits.ROLES_MAX))
            .annotations(ToolAnnotations.writes())
            .build();

    private final ChannelAdministration administration;

    @Inject
    CreateChannelTool(ChannelAdministration administration) {
        super(DESCRIPTOR);
        this.administration = administration;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        Arguments args = call.args();
        String name = args.text("name");
        List<String> roles = args.texts("roles");
        return administration.create(owner, name, roles);
    }
}
