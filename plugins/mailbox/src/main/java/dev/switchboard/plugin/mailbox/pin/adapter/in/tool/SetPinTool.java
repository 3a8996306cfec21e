package dev.switchboard.plugin.mailbox.pin.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.channel.adapter.in.tool.MailboxTool;
import dev.switchboard.plugin.mailbox.channel.application.Caller;
import dev.switchboard.plugin.mailbox.channel.application.CallerResolver;
import dev.switchboard.plugin.mailbox.channel.application.RequestKeys;
import dev.switchboard.plugin.mailbox.pin.application.PinDraft;
import dev.switchboard.plugin.mailbox.pin.application.SetPin;
import dev.switchboard.plugin.mailbox.pin.domain.PinKeys;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code pin_set}: append a version of a pinned document, through the consent rule for protected keys. */
public final class SetPinTool extends MailboxTool {

    static final String NAME = "pin_set";

    private static final String SCHEMA =
            """
            {
              "type": "object",
              "properties": {
                "key": {"type": "string", "description": "The pin's stable key, at most %d characters."},
                "title": {"type": "string", "description": "Its title, at most %d characters."},
                "version": {"type": "string", "description": "Your label for this version, at most %d characters (not unique; history order is authoritative)."},
                "body": {"type": "string", "default": "", "description": "The document (or pass body_ref)."},
                "approved_by": {"type": ["integer", "null"], "minimum": 1,
                  "description": "The id of the agreed kind='proc' proposal; needed for protected keys."},
                "dry_run": {"type": "boolean", "default": false,
                  "description": "Run every check and report, writing nothing."},
                "body_ref": {"type": ["integer", "null"], "minimum": 1,
                  "description": "A sealed upload whose text is the body (instead of body)."},
                "allow_sensitive": {"type": "boolean", "default": false,
                  "description": "Pin although the secret scanner found something; works only where the operator allows it, and is recorded."},
                %s
              },
              "required": ["key", "title", "version"],
              "additionalProperties": false
            }""".formatted(PinKeys.KEY_MAX, PinKeys.TITLE_MAX, PinKeys.VERSION_MAX, RequestKeys.SCHEMA_PROPERTY);

    /** The tool's descriptor: the kernel lists the tool by it before building it ({@code @BuiltOnFirstCall}). */
    public static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Pin a version of a channel document")
            .description("Appends a version of a channel-level pinned document by key (see pin_history). Protected"
                    + " keys ('" + String.join("', '", PinKeys.RESERVED) + "', and any key ever written with"
                    + " approved_by) need approved_by on every version, the first included: the id of a kind='proc'"
                    + " proposal that (a) is for this key (its pin_key is the key; a proposal without pin_key only"
                    + " when its text names the key and the key has no open round), (b) was not declared void by a"
                    + " member of its electorate since its last revision, (c) has a fresh agree (after its last"
                    + " revision and after the current version) from every declared voter, or without voters from"
                    + " any other role here, and (d) never approved a version before. You must also be its sender"
                    + " or a recipient. Other keys are written freely; approved_by protects them from then on."
                    + " With the operator's strict-pin-digest setting the body must hash to what the proposal put to"
                    + " the vote. dry_run=true runs the same checks and returns {dry_run, ok, written:false,"
                    + " would_write} or {ok:false, problem, missing_agrees}. Success returns the version and"
                    + " 'superseded', the proposals for the key it retired. The secret guardrail scans title and body: a"
                    + " credential is refused (SECRET_DETECTED) unless the operator allows overrides and you pass"
                    + " allow_sensitive=true, which is recorded." + PinDigestText.RULE)
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final SetPin setPin;

    @Inject
    SetPinTool(CallerResolver callers, SetPin setPin) {
        super(DESCRIPTOR, callers);
        this.setPin = setPin;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Caller caller) {
        Arguments args = call.args();
        PinDraft draft = new PinDraft(
                args.text("key"),
                args.text("title"),
                args.text("version"),
                args.optionalText("body").orElse(""),
                args.optionalInteger("body_ref", 1, Long.MAX_VALUE).orElse(null),
                args.optionalInteger("approved_by", 1, Long.MAX_VALUE).orElse(null));
        boolean dryRun = args.flag("dry_run", false);
        boolean allowSensitive = args.flag("allow_sensitive", false);
        return setPin.set(caller, call, draft, dryRun, allowSensitive);
    }
}
