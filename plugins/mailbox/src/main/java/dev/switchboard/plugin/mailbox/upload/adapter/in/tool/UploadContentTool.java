package dev.switchboard.plugin.mailbox.upload.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.upload.application.Uploads;
import dev.switchboard.plugin.mailbox.upload.domain.Upload;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code upload_content}: start an upload, or append a piece to one's own unsealed upload. */
public final class UploadContentTool extends MailboxTool {

    static final String NAME = "upload_content";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "text": {"type": "string", "description": "The piece to upload (not empty)."},
                "upload_id": {"type": ["integer", "null"], "minimum": 1,
                  "description": "Optional: your unsealed upload to append to; leave out to start a new one."},
                "label": {"type": ["string", "null"], "description": "Optional: a label for a new upload, at most %d characters."},
                "allow_sensitive": {"type": "boolean", "default": false,
                  "description": "Upload although the secret scanner found something; works only where the operator allows it, and is recorded."},
                %s
              },
              "required": ["text"],
              "additionalProperties": false
            }""".formatted(Upload.LABEL_MAX, RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Upload a large body in pieces")
            .description("Uploads a document too large for one call in pieces: call it without upload_id to start,"
                    + " then again with the same upload_id to append, then seal_content when the last piece is in."
                    + " A sealed upload's id can be passed as body_ref to send_message, revise_message or pin_set."
                    + " Only the uploader appends; a sealed upload cannot change; an append that would take the"
                    + " upload past " + Upload.MAX_BYTES + " bytes of UTF-8 is refused and nothing is appended."
                    + " The secret guardrail scans every piece: a credential is refused (SECRET_DETECTED) unless the operator"
                    + " allows overrides and you pass allow_sensitive=true, which is recorded. Returns the upload's"
                    + " digest so far (sha256 over the raw UTF-8, both lengths).")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final Uploads uploads;

    @Inject
    UploadContentTool(CallerResolver callers, Uploads uploads) {
        super(DESCRIPTOR, callers);
        this.uploads = uploads;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        return uploads.upload(
                caller,
                call,
                args.text("text"),
                args.optionalInteger("upload_id", 1, Long.MAX_VALUE),
                args.optionalText("label").orElse(null),
                args.flag("allow_sensitive", false));
    }
}
