package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.ChannelAdministration;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code list_channels}: the hosted channels and their roles, never a token. */
public final class ListChannelsTool extends ManagementTool {

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
        super(DESCRIPTOR);
        this.administration = administration;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        return administration.list();
    }
}
