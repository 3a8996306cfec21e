package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.work.application.SetWorkStatus;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code set_work_status}: move a message's work along the transition table. */
public final class SetWorkStatusTool extends MailboxTool {

    static final String NAME = "set_work_status";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                %s,
                "work_status": {"type": "string",
                  "description": "One of proposed, in_progress, done_local, needs_you, done, blocked."},
                %s,
                %s,
                %s
              },
              "required": ["message_id", "work_status"],
              "additionalProperties": false
            }""".formatted(
                    WorkArguments.MESSAGE_ID,
                    WorkArguments.note("note", "Why, for the history."),
                    WorkArguments.BLOCKED_BY,
                    RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Change the work status of a message")
            .description("Moves the work of an existing message through its lifecycle instead of sending a new message"
                    + " to say so; its sender or a recipient may call it, other roles are refused. Any value may follow"
                    + " any value, with one exception: 'done' needs the current value 'done_local' and must come from"
                    + " the other participant than the one who set 'done_local' ('done_local' = finished on the"
                    + " executor's side; 'done' = confirmed by the other side). Whose list a task is in follows the"
                    + " last setter: in_progress and blocked are the setter's own, needs_you and done_local put the"
                    + " ball at the other participant. Setting the current value again is already_set: true (nothing"
                    + " recorded) when you set it yourself and the debt was not reopened since; set by the other"
                    + " participant it is a real transition that moves the ball back. For 'blocked' on other debts pass"
                    + " blocked_by: one id or a list; each must be an unresolved action_required message, or the task"
                    + " could never be unblocked. Blocked on something outside the channel: 'blocked' with a note,"
                    + " lifted by hand. Leaving 'blocked' clears blocked_by; resolving a blocker never changes the"
                    + " task (it shows in unblocked and ready_work). Every transition is recorded in message_history."
                    + " Returns {id, work_status, previous, already_set}.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final SetWorkStatus setWorkStatus;

    @Inject
    SetWorkStatusTool(CallerResolver callers, SetWorkStatus setWorkStatus) {
        super(DESCRIPTOR, callers);
        this.setWorkStatus = setWorkStatus;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        long id = args.integer("message_id", 1, Long.MAX_VALUE);
        String value = args.text("work_status");
        String note = args.optionalText("note").orElse(null);
        List<Long> blockedBy = WorkArguments.blockedBy(args);
        return setWorkStatus.set(caller, call, id, value, note, blockedBy);
    }
}
