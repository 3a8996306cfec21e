package dev.switchboard.plugin.mailbox.pin.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Projection;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.pin.application.PinViews;
import dev.switchboard.plugin.mailbox.pin.application.ReadPins;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code pin_history}: every version of a pin, newest first. */
public final class ListPinHistoryTool extends MailboxTool {

    static final String NAME = "pin_history";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "key": {"type": "string", "description": "The pin's key."},
                "fields": {"description": "Optional: \\"headers\\" for every field but the body, or a list of: %s."}
              },
              "required": ["key"],
              "additionalProperties": false
            }""".formatted(String.join(", ", PinViews.FIELDS));

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("History of a pinned document")
            .description("Every version of a pinned document, newest first: who changed it, when, with which"
                    + " approval." + PinDigestText.RULE + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ReadPins pins;

    @Inject
    ListPinHistoryTool(CallerResolver callers, ReadPins pins) {
        super(DESCRIPTOR, callers);
        this.pins = pins;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        String key = call.args().text("key");
        return Projection.parse(call.args().values().get("fields"), PinViews.FIELDS, PinViews.HEADERS)
                .then(fields -> pins.history(caller, key, fields));
    }
}
