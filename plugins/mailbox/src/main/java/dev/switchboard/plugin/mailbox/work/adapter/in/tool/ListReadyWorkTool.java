package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.work.application.ListDebts;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code ready_work}: the caller's open debts that can be started now. */
public final class ListReadyWorkTool extends MailboxTool {

    static final String NAME = "ready_work";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "limit": {%s, "default": 50, "description": "At most this many, oldest first (default 50)."},
                %s
              },
              "additionalProperties": false
            }""".formatted(Listing.LIMIT_SCHEMA, Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List the work you can start now")
            .description("Answers \"what do I pick up\": your open debts that are not waiting behind a live blocker,"
                    + " oldest first, as {result: [...]} with truncated when more matched, each with age_days and"
                    + " idle_days. open_obligations answers \"how much do I owe\", including work you cannot move. A"
                    + " task marked blocked whose blockers are all resolved or deleted is listed here: unblocking is"
                    + " shown, never applied, so resume it with set_work_status. fields projects each entry (a list of"
                    + " names, or \"headers\")." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ListDebts listDebts;

    @Inject
    ListReadyWorkTool(CallerResolver callers, ListDebts listDebts) {
        super(DESCRIPTOR, callers);
        this.listDebts = listDebts;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        return Listing.limit(call.args(), 50)
                .then(limit -> Projection.parse(call.arguments().get(Projection.ARGUMENT))
                        .then(fields -> listDebts.readyWork(caller, limit, fields)));
    }
}
