package dev.switchboard.plugin.mailbox.decision.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.decision.application.Acknowledgements;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code get_acknowledgements}: the consent state of a message. */
public final class GetAcknowledgementsTool extends MailboxTool {

    static final String NAME = "get_acknowledgements";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "minimum": 1, "description": "The message."},
                "fields": {"description": "Optional: \\"headers\\" for the tally without the notes, or a list of: %s."}
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(String.join(", ", Acknowledgements.FIELDS));

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("See who agreed to a message")
            .description("The consent state of a message: the acknowledgements on record (each marked stale when it"
                    + " predates the last revision) and the tally: 'needed' counts the round's electorate (its"
                    + " declared voters, else its recipients; never the author), 'agreed' the fresh agrees from it,"
                    + " 'missing' who has none yet. Votes from outside the electorate are listed under"
                    + " 'from_non_voters' (voters declared) or 'from_non_recipients', never counted; votes before a"
                    + " revision under 'quenched_by_revision'; voids that closed the round under 'declared_dead_by'."
                    + " 'body_sha256' is what is being voted on: pass it to acknowledge(expect_body_sha256=...)."
                    + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final Acknowledgements acknowledgements;

    @Inject
    GetAcknowledgementsTool(CallerResolver callers, Acknowledgements acknowledgements) {
        super(DESCRIPTOR, callers);
        this.acknowledgements = acknowledgements;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("message_id", 1, Long.MAX_VALUE);
        return Projection.parse(call.args().values().get("fields"), Acknowledgements.FIELDS, Acknowledgements.HEADERS)
                .then(fields -> acknowledgements.of(caller, id, fields));
    }
}
