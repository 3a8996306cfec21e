package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.Delivery;
import dev.switchboard.plugin.handoff.application.DeliveryStatus;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.RequestKeyRule;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_delivery_status}: verifies a receipt and says who consumed the handoff and where it was applied. */
public final class DeliveryStatusTool implements Tool {

    static final String NAME = "frontispice_delivery_status";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "handoff_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$",
                  "description": "The handoff_id from the receipt. Give this or idempotency_key, not both."},
                "idempotency_key": {"type": "string", %s,
                  "description": "The idempotency_key the handoff was published with. Give this or handoff_id, not both."},
                "checksum": {"type": "string", "pattern": "^(sha256:)?[0-9A-Fa-f]{64}$",
                  "description": "The checksum from the receipt (sha256:<hex>); when given, the stored content's checksum must match for the receipt to count as verified."},
                "project": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The project the handoff must belong to; a handoff of another project is reported as not found."}
              },
              "additionalProperties": false
            }""".formatted(RequestKeyRule.SCHEMA_KEYWORDS);

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Verify a handoff's delivery")
            .description(
                    "Verifies a publish receipt later, by handoff_id or idempotency_key (exactly one), optionally comparing"
                            + " the checksum. Returns delivery_status 'committed' with the original receipt and verified"
                            + " true/false (false when the checksum differs), plus which consumers' cursors are past the"
                            + " handoff (consumed_by), which are not (pending_for), where it was routed and where it was"
                            + " applied. An unknown id or key is HANDOFF_NOT_FOUND: treat the handoff as not sent. Read-only.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final DeliveryStatus deliveryStatus;

    @Inject
    DeliveryStatusTool(DeliveryStatus deliveryStatus) {
        this.deliveryStatus = deliveryStatus;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        String handoffId = args.optionalText("handoff_id").orElse(null);
        String idempotencyKey = args.optionalText("idempotency_key").orElse(null);
        String checksum = args.optionalText("checksum").orElse(null);
        String project = args.optionalText("project").orElse(null);
        return Results.guarded(() -> deliveryStatus
                .check(handoffId, idempotencyKey, checksum, project)
                .toResult(DeliveryStatusTool::success));
    }

    private static ToolResult success(Delivery delivery) {
        var receipt = delivery.handoff().receipt();
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("delivery_status", "committed");
        structured.put("verified", delivery.verified());
        structured.put("checksum_check", delivery.check().name().toLowerCase(Locale.ROOT));
        structured.put("receipt", Views.receipt(receipt));
        structured.put(
                "consumed_by", delivery.consumedBy().stream().map(Views::cursor).toList());
        structured.put(
                "pending_for", delivery.pendingFor().stream().map(Views::cursor).toList());
        structured.put("consumers_note", delivery.consumersNote());
        structured.put("routes", delivery.routes().stream().map(Views::route).toList());
        structured.put(
                "applied", delivery.applied().stream().map(Views::applied).toList());
        StringBuilder text = new StringBuilder("Handoff ")
                .append(receipt.handoffId())
                .append(" is committed in ")
                .append(receipt.project())
                .append(" as #")
                .append(receipt.sequence())
                .append('.');
        if (delivery.check() == Delivery.ChecksumCheck.MISMATCH) {
            text.append(" CHECKSUM MISMATCH: the stored content's checksum is ")
                    .append(receipt.checksum())
                    .append(", not the one given; the receipt is NOT verified.");
        } else if (delivery.check() == Delivery.ChecksumCheck.MATCH) {
            text.append(" Checksum matches: verified.");
        }
        text.append(" Consumed by: ")
                .append(consumers(delivery))
                .append(" (")
                .append(delivery.consumersNote())
                .append(").");
        text.append(
                delivery.applied().isEmpty()
                        ? " Not applied yet."
                        : " Applied " + delivery.applied().size()
                                + " time(s), last in "
                                + delivery.applied().getLast().repository() + " at "
                                + delivery.applied().getLast().commitRef() + ".");
        return ToolResult.structured(text.toString(), structured);
    }

    private static String consumers(Delivery delivery) {
        return delivery.consumedBy().isEmpty()
                ? "nobody yet"
                : String.join(
                        ", ",
                        delivery.consumedBy().stream().map(Cursor::consumer).toList());
    }
}
