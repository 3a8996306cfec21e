package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.work.application.ReopenDebt;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code reopen_message}: Reopen a resolved debt. */
public final class ReopenMessageTool extends MailboxTool {

    static final String NAME = "reopen_message";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                %s,
                %s,
                %s
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(
                    WorkArguments.MESSAGE_ID,
                    WorkArguments.note("reason", "Why it is reopened, for the history."),
                    RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Reopen a resolved debt")
            .description(
                    "Opens a resolved action_required message again, for example when the fix turns out incomplete:"
                            + " either participant may reopen. Clears resolved_by, resolved_at and resolution_note (the history"
                            + " keeps them) and writes a reopen event with the reason; the work_status is not changed. The debt"
                            + " is back in the addressee's open obligations and counts as untaken again. Reopening an open debt"
                            + " is a no-op answering already_open: true.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final ReopenDebt useCase;

    @Inject
    ReopenMessageTool(CallerResolver callers, ReopenDebt useCase) {
        super(DESCRIPTOR, callers);
        this.useCase = useCase;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        long id = args.integer("message_id", 1, Long.MAX_VALUE);
        String note = args.optionalText("reason").orElse(null);
        return useCase.reopen(caller, call, id, note);
    }
}
