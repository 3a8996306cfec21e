package dev.switchboard.plugin.mailbox.wait.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.hosted.application.HeldCredentials;
import dev.switchboard.plugin.mailbox.wait.application.WaitForReply;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code wait_for_reply}: sleep until a reply to one message is there. */
public final class WaitForReplyTool extends MailboxTool {

    static final String NAME = "wait_for_reply";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "The message whose reply you wait for."},
                %s,
                "after_id": {"type": ["integer", "null"], "minimum": 0,
                  "description": "Only replies with a larger id: the last reply you handled, when you loop without marking read."},
                "include_read": {"type": "boolean", "default": false,
                  "description": "Also return replies you already marked read (default false)."}
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(WaitArguments.budgetProperties(1.0));

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Wait for a reply to a message")
            .description("Waits for a reply (reply_to = message_id) addressed to you that you have not seen yet: not"
                    + " marked read by you (include_read drops that condition) and, with after_id, newer than that id."
                    + " A reply already there returns at once, as read_inbox shows it. When none came it answers"
                    + " {timed_out: true, retry: true}; a late reply stays unread and the next call returns it at"
                    + " once. A message_id that does not exist is refused." + WaitArguments.CAP
                    + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final WaitForReply waitForReply;
    private final HeldCredentials credentials;

    @Inject
    WaitForReplyTool(CallerResolver callers, WaitForReply waitForReply, HeldCredentials credentials) {
        super(DESCRIPTOR, callers);
        this.waitForReply = waitForReply;
        this.credentials = credentials;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        long id = args.integer("message_id", 1, Long.MAX_VALUE);
        Long afterId = args.optionalInteger("after_id", 0, Long.MAX_VALUE).orElse(null);
        boolean includeRead = args.flag("include_read", false);
        return WaitArguments.budget(args, 1.0)
                .then(budget -> HeldWait.run(
                        credentials,
                        call,
                        caller,
                        cancellation -> waitForReply.await(caller, id, budget, afterId, includeRead, cancellation)));
    }
}
