package dev.switchboard.plugin.mailbox.work.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.domain.ClientText;
import dev.switchboard.plugin.mailbox.channel.domain.Roles;
import dev.switchboard.plugin.mailbox.work.application.ListDebts;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.Refusal;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code open_obligations}: the open debts addressed to a role, with how old and how idle each is. */
public final class ListObligationsTool extends MailboxTool {

    static final String NAME = "open_obligations";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "to_role": {"type": ["string", "null"], "description": "Whose debts (default: your own role)."},
                "limit": {%s, "default": 100, "description": "At most this many, newest first (default 100)."},
                %s
              },
              "additionalProperties": false
            }""".formatted(Listing.LIMIT_SCHEMA, Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List open obligations")
            .description("Lists the debts still owed: action_required messages with status 'open' addressed to a role"
                    + " (your own by default), newest first, as {result: [...], generated_at} with truncated when more"
                    + " matched. Each carries age_days (whole days since it was sent) and idle_days (since it last"
                    + " moved: a work_status transition, a resolve or a reopen). Idle is what finds forgotten work: an"
                    + " old debt worked on yesterday is healthy, a young one nobody touched is not. Nothing is ever"
                    + " closed by age. A to_role that names no role of the channel is UNKNOWN_ROLE, naming its roles. fields projects each entry (a list of names, or \"headers\" for everything but"
                    + " bodies)." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ListDebts listDebts;

    @Inject
    ListObligationsTool(CallerResolver callers, ListDebts listDebts) {
        super(DESCRIPTOR, callers);
        this.listDebts = listDebts;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        String asked = call.args().optionalText("to_role").map(String::strip).orElse("");
        String role = asked.isEmpty() ? caller.role() : asked;
        if (!Roles.isName(role)) {
            return Outcome.refused(Refusal.invalid(
                    "to_role", ClientText.quoted(role) + " is not a role name; leave it out for your own debts"));
        }
        return Listing.limit(call.args(), 100)
                .then(limit -> Projection.parse(call.arguments().get(Projection.ARGUMENT))
                        .then(fields -> listDebts.openObligations(caller, role, limit, fields)));
    }
}
