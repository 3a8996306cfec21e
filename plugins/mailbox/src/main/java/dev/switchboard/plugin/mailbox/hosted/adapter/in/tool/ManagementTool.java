package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxBaseTool;
import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.Administrators;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/**
 * A management tool: the mailbox's {@link MailboxBaseTool} (one storable-text check, one way of answering) whose
 * caller must be the owner token over HTTP ({@link Administrators#owner}: FORBIDDEN otherwise), listed only to it
 * (ADR 18, ADR 20), so a role token never sees it (and the kernel refuses its calls) and a local stdio session is told
 * by {@code server_info} how to reach it. Thread-safe when the subclass is (all are stateless).
 */
abstract class ManagementTool extends MailboxBaseTool<Actor> {

    /** @param descriptor the tool's descriptor constant */
    ManagementTool(ToolDescriptor descriptor) {
        super(descriptor);
    }

    @Override
    public boolean listedFor(Principal caller) {
        return Actor.isHostedOwner(caller);
    }

    @Override
    public String unlistedHint() {
        return Administrators.HOW_TO_ADMINISTER;
    }

    @Override
    protected Outcome<Actor> identify(ToolCall call) {
        return Administrators.owner(call.principal());
    }
}
