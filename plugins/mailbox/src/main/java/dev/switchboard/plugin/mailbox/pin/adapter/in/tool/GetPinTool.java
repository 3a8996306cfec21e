package dev.switchboard.plugin.mailbox.pin.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.pin.application.ReadPins;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code pin_get}: a pin's current version, or null. */
public final class GetPinTool extends MailboxTool {

    static final String NAME = "pin_get";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {"key": {"type": "string", "description": "The pin's key."}},
              "required": ["key"],
              "additionalProperties": false
            }""";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read a pinned document")
            .description("The current version of a pinned document by key, with its body, as {\"result\": {...}};"
                    + " {\"result\": null} when the key was never pinned." + PinDigestText.RULE
                    + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ReadPins pins;

    @Inject
    GetPinTool(CallerResolver callers, ReadPins pins) {
        super(DESCRIPTOR, callers);
        this.pins = pins;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        String key = call.args().text("key");
        return pins.get(caller, key);
    }
}
