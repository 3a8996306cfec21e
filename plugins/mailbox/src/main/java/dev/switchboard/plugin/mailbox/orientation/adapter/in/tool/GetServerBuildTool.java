package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.orientation.application.ServerBuild;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code server_build}: what the running mailbox is and what changed in it. */
public final class GetServerBuildTool extends MailboxTool {

    static final String NAME = "server_build";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("What this running mailbox is")
            .description("Describes the server answering your calls, which a source checkout cannot: build (a day and"
                    + " a counter), version (Switchboard's), every whats_new entry ({since, what, do}: what changed and"
                    + " what to do differently), what this build shipped, and what it deliberately does not provide"
                    + " and why, so that \"missing\" and \"refused\" do not look the same. Call it after an upgrade"
                    + " instead of finding the change by breaking against it.")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ServerBuild serverBuild;

    @Inject
    GetServerBuildTool(CallerResolver callers, ServerBuild serverBuild) {
        super(DESCRIPTOR, callers);
        this.serverBuild = serverBuild;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        return Outcome.done(serverBuild.facts());
    }
}
