package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.work.application.ConfirmResolution;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code confirm_resolution}: Confirm a resolution you verified. */
public final class ConfirmResolutionTool extends MailboxTool {

    static final String NAME = "confirm_resolution";

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
                    WorkArguments.note("note", "A note for the history."),
                    RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Confirm a resolution you verified")
            .description(
                    "Closes the debt loop: the participant who did not resolve a debt confirms the resolution after"
                            + " checking it, which takes it out of that participant's channel_status().resolved_for_you and"
                            + " writes a resolution_confirmed event. The resolver cannot confirm its own resolution, and an"
                            + " open debt has nothing to confirm. Idempotent per resolution (already_confirmed: true); after a"
                            + " reopen and a new resolve, a new confirmation is needed.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final ConfirmResolution useCase;

    @Inject
    ConfirmResolutionTool(CallerResolver callers, ConfirmResolution useCase) {
        super(DESCRIPTOR, callers);
        this.useCase = useCase;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        long id = args.integer("message_id", 1, Long.MAX_VALUE);
        String note = args.optionalText("note").orElse(null);
        return useCase.confirm(caller, call, id, note);
    }
}
