package dev.switchboard.plugin.mailbox.upload.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.upload.application.Uploads;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code seal_content}: fix an upload's bytes and publish its digest. */
public final class SealContentTool extends MailboxTool {

    static final String NAME = "seal_content";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "upload_id": {"type": "integer", "minimum": 1, "description": "Your upload to seal."},
                %s
              },
              "required": ["upload_id"],
              "additionalProperties": false
            }""".formatted(RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Seal an upload")
            .description("Seals your upload: its bytes can no longer change, and its sha256 (over the raw UTF-8"
                    + " bytes, no normalisation), length_bytes and length_chars describe the document for good. Only"
                    + " a sealed upload can be a body_ref. Sealing again is harmless and answers the same digest."
                    + " Only the uploader may seal.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final Uploads uploads;

    @Inject
    SealContentTool(CallerResolver callers, Uploads uploads) {
        super(DESCRIPTOR, callers);
        this.uploads = uploads;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        long id = call.args().integer("upload_id", 1, Long.MAX_VALUE);
        return uploads.seal(caller, call, id);
    }
}
