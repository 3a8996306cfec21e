package dev.switchboard.plugin.mailbox.hosted.adapter.in.tool;

import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hosted.application.Actor;
import dev.switchboard.plugin.mailbox.hosted.application.AuditTrail;
import dev.switchboard.plugin.mailbox.hosted.domain.HostedLimits;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Outcome;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;

/** {@code list_audit_events} (beyond the original): who did what when in the hosted registry. */
public final class ListAuditEventsTool extends ManagementTool {

    static final String NAME = "list_audit_events";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Read the hosted channels' audit")
            .description("Owner only. Returns {result: [{id, at, actor, action, channel, subject, detail}],"
                    + " next_before_id}, newest first: every management action (create_channel, add_role,"
                    + " rotate_token, board_link, revoke_board_access, delete_channel) and every role token's use (its"
                    + " first use, then at most once a minute: token_used). Never a token or a message body. Page"
                    + " with before_id = the previous answer's next_before_id.")
            .inputSchema("""
                    {
                      "type": "object",
                      "properties": {
                        "channel": {"type": "string", "description": "Only this channel's entries."},
                        "before_id": {"type": "integer", "minimum": 1, "description": "Only entries older than this id."},
                        "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}
                      },
                      "additionalProperties": false
                    }""")
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final AuditTrail audit;

    @Inject
    ListAuditEventsTool(AuditTrail audit) {
        super(DESCRIPTOR);
        this.audit = audit;
    }

    @Override
    protected Outcome<Map<String, Object>> answer(ToolCall call, Actor owner) {
        Arguments args = call.args();
        String channel = args.optionalText("channel").orElse(null);
        Long before = args.optionalInteger("before_id", 1, Long.MAX_VALUE).orElse(null);
        int limit = args.optionalInt("limit", 1, HostedLimits.AUDIT_LIMIT_MAX).orElse(100);
        return audit.list(channel, before, limit);
    }
}
