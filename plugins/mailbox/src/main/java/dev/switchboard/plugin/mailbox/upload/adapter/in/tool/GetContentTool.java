package dev.switchboard.plugin.mailbox.upload.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.Untrusted;
import dev.switchboard.plugin.mailbox.upload.application.Uploads;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code get_content}: read an upload's facts, digest and (on request) text; any role may. */
public final class GetContentTool extends MailboxTool {

    static final String NAME = "get_content";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "upload_id": {"type": "integer", "minimum": 1, "description": "The upload."},
                "with_body": {"type": "boolean", "default": false, "description": "Include the text (default false)."}
              },
              "required": ["upload_id"],
              "additionalProperties": false
            }""";

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read an upload")
            .description("Reads an upload back: upload_id, uploaded_by, label, sealed, created_at, sealed_at, its"
                    + " sha256 and both lengths, and with with_body=true its text. Any role may read any upload, so"
                    + " everyone can check a published digest." + Untrusted.DESCRIPTION)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final Uploads uploads;

    @Inject
    GetContentTool(CallerResolver callers, Uploads uploads) {
        super(DESCRIPTOR, callers);
        this.uploads = uploads;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("upload_id", 1, Long.MAX_VALUE);
        boolean withBody = call.args().flag("with_body", false);
        return uploads.content(caller, id, withBody);
    }
}
