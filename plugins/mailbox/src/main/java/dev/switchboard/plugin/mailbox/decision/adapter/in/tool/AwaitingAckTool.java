package dev.switchboard.plugin.mailbox.decision.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Listing;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.decision.application.AwaitingAck;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code awaiting_ack}: the proposals a role still owes a decision on. */
public final class AwaitingAckTool extends MailboxTool {

    static final String NAME = "awaiting_ack";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "to_role": {"type": ["string", "null"], "description": "Optional: whose decisions (default: yours)."},
                "limit": {%s, "default": 100},
                %s,
                "from_role": {"type": ["string", "null"], "description": "Optional: only proposals by this author."},
                "pin_key": {"type": ["string", "null"], "description": "Optional: only proposals on this pin key."}
              },
              "additionalProperties": false
            }""".formatted(Listing.LIMIT_SCHEMA, Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Proposals awaiting a decision")
            .description("Proposals (kind='proc') that await a role's decision, oldest first: addressed to it, live,"
                    + " asking for a decision. Left out: nudges (about_message_id set), proposals sent with"
                    + " decision_requested=false, superseded ones, rounds whose declared voters exclude the role, and"
                    + " rounds the role already voted on (unless revised after the vote). from_role shows what an"
                    + " author still waits for. Entries that are also debts carry obligation {status, resolved_by,"
                    + " resolved_at, confirmed}. A to_role or from_role that names no role of the channel is"
                    + " UNKNOWN_ROLE, naming its roles. Has generated_at." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final AwaitingAck awaitingAck;

    @Inject
    AwaitingAckTool(CallerResolver callers, AwaitingAck awaitingAck) {
        super(DESCRIPTOR, callers);
        this.awaitingAck = awaitingAck;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        String toRole = args.optionalText("to_role").orElse(caller.role());
        String fromRole = args.optionalText("from_role").orElse(null);
        return Listing.limit(args, 100)
                .then(limit -> Projection.parse(args.values().get(Projection.ARGUMENT))
                        .then(fields -> awaitingAck.list(
                                caller,
                                toRole,
                                fromRole,
                                args.optionalText("pin_key").orElse(null),
                                limit,
                                fields)));
    }
}
