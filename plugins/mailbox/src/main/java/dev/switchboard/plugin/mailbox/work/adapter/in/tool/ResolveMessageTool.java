package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.work.application.ResolveDebt;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code resolve_message}: Resolve a debt. */
public final class ResolveMessageTool extends MailboxTool {

    static final String NAME = "resolve_message";

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
                    WorkArguments.note("resolution_note", "What was done, for the other participant and the history."),
                    RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Resolve a debt")
            .description("Marks an action_required message resolved: records who closed it, when, and an optional"
                    + " resolution note, and writes a resolve event. Either participant may resolve; the etiquette is"
                    + " that the addressee resolves with a note saying what was done, and an author who no longer"
                    + " needs the work withdraws it by resolving it with a note. Whoever resolves, the debt stays in"
                    + " the other participant's channel_status().resolved_for_you until it confirms"
                    + " (confirm_resolution) or reopens (reopen_message). A second resolve is a no-op answering"
                    + " already_resolved: true and keeps the first note. The answer lists unblocked: the tasks blocked"
                    + " on this debt that have no live blocker left; their work_status stays blocked, so tell their"
                    + " owner or resume them. Refused for a message that is not a debt, or for a role that is neither"
                    + " its sender nor a recipient.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final ResolveDebt useCase;

    @Inject
    ResolveMessageTool(CallerResolver callers, ResolveDebt useCase) {
        super(DESCRIPTOR, callers);
        this.useCase = useCase;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        long id = args.integer("message_id", 1, Long.MAX_VALUE);
        String note = args.optionalText("resolution_note").orElse(null);
        return useCase.resolve(caller, call, id, note);
    }
}
