package dev.switchboard.plugin.mailbox.message.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.channel.application.port.out.Transactions;
import dev.switchboard.plugin.mailbox.message.application.GetThread;
import dev.switchboard.plugin.mailbox.message.application.MessageView;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code get_thread}: the whole reply tree a message belongs to, tombstones included. */
public final class GetThreadTool extends MailboxTool {

    static final String NAME = "get_thread";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "message_id": {"type": "integer", "description": "Any message of the thread."},
                %s
              },
              "required": ["message_id"],
              "additionalProperties": false
            }""".formatted(Projection.SCHEMA_PROPERTY);

    /** The tool's descriptor: the module reads it to list the tool before building it (DeferredTool). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read a whole thread")
            .description("Walks reply_to from the message up to the thread's root and returns the whole reply tree"
                    + " in chronological order as {result: [...]}, deleted messages included as tombstones (deleted_at"
                    + " set); never truncated. Proposals carry an acks tally." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final Transactions transactions;
    private final GetThread getThread;
    private final MessageView view;

    @Inject
    GetThreadTool(CallerResolver callers, Transactions transactions, GetThread getThread, MessageView view) {
        super(DESCRIPTOR, callers);
        this.transactions = transactions;
        this.getThread = getThread;
        this.view = view;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("message_id", 1, Long.MAX_VALUE);
        return Projection.parse(call.arguments().get(Projection.ARGUMENT))
                .then(fields -> transactions.read(
                        caller.channelId(),
                        tx -> getThread.thread(tx, id).then(thread -> {
                            Map<String, Object> result = new LinkedHashMap<>();
                            result.put(
                                    "result",
                                    thread.stream()
                                            .map(message -> view.wire(tx, message, caller.role(), fields))
                                            .toList());
                            result.put(Untrusted.FIELD, Untrusted.NOTE);
                            return Outcome.done(result);
                        })));
    }
}
