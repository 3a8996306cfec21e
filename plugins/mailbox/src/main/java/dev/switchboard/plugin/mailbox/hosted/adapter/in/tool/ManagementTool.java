package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.Administrators;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.Tool;

/**
 * A management tool: listed only to the owner token over HTTP (ADR 18, ADR 20), so a role token never sees it (and
 * the kernel refuses its calls) and a local stdio session is told by {@code server_info} how to reach it. Its calls
 * check the caller again ({@link Administrators}).
 */
interface ManagementTool extends Tool {

    @Override
    default boolean listedFor(Principal caller) {
        return Actor.isHostedOwner(caller);
    }

    @Override
    default String unlistedHint() {
        return Administrators.HOW_TO_ADMINISTER;
    }
}
