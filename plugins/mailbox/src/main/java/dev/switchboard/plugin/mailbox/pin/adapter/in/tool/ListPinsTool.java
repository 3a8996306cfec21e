package dev.switchboard.plugin.mailbox.pin.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.pin.application.ReadPins;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code pin_list}: every pin's current version, without bodies. */
public final class ListPinsTool extends MailboxTool {

    static final String NAME = "pin_list";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List pinned documents")
            .description("Every pinned document's current version (key, title, version, updated_by, updated_at,"
                    + " approved_by and the digests) without bodies, by key: enough to check your copies of every"
                    + " document in one call; pin_get fetches a body." + PinDigestText.RULE)
            .inputSchema("{\"type\": \"object\", \"properties\": {}, \"additionalProperties\": false}")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ReadPins pins;

    @Inject
    ListPinsTool(CallerResolver callers, ReadPins pins) {
        super(DESCRIPTOR, callers);
        this.pins = pins;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        return pins.list(caller);
    }
}
