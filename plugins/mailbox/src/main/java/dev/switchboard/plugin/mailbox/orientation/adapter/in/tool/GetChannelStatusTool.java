package dev.switchboard.plugin.mailbox.orientation.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.orientation.application.ChannelStatus;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code channel_status}: the caller's bootstrap; it records which build the role has been shown. */
public final class GetChannelStatusTool extends MailboxTool {

    static final String NAME = "channel_status";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Your status in the channel")
            .description("Call it when a session starts and again before you finish a task: nothing in the channel"
                    + " wakes you on its own. Returns counts for one-glance triage; the numbers unread, open_obligations"
                    + " and awaiting_ack (fetch those items with read_inbox, open_obligations and awaiting_ack); and the"
                    + " lists of your tasks: blocked (still waiting), unblocked (every blocker is gone: resume with"
                    + " set_work_status), in_progress (what you left unfinished), needs_you (the other side put the"
                    + " ball with you), awaiting_done (the other side declared done_local and waits for your done) and"
                    + " resolved_for_you (debts the other side resolved: confirm_resolution or reopen_message). The"
                    + " lists follow the author of the last transition: in_progress and blocked are yours when you set"
                    + " them, needs_you and awaiting_done when the other side did. Also: pins (read them with pin_get"
                    + " before contract work), last_seen per role, and server. The first call of your role on a build"
                    + " it has not seen carries server.whats_new, what changed and what to do differently, once;"
                    + " server_build() has it any time. Recording that is the one write this tool makes.")
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final ChannelStatus channelStatus;

    @Inject
    GetChannelStatusTool(CallerResolver callers, ChannelStatus channelStatus) {
        super(DESCRIPTOR, callers);
        this.channelStatus = channelStatus;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        return channelStatus.status(caller);
    }
}
