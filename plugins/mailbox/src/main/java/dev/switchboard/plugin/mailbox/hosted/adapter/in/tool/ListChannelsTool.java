package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.Replies;
import dev.switchboard.plugin.mailbox.hosted.application.Administrators;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code list_channels}: the hosted channels and their roles, never a token. */
public final class ListChannelsTool implements ManagementTool {

    static final String NAME = "list_channels";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List hosted channels")
            .description("Owner only. Returns {result: [{channel, roles, created_at}]}: the hosted channels that are"
                    + " not deleted, by name. Never a token.")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ChannelAdministration administration;

    @Inject
    ListChannelsTool(ChannelAdministration administration) {
        this.administration = administration;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        return Replies.of(() -> Administrators.owner(call).then(owner -> administration.list()));
    }
}
