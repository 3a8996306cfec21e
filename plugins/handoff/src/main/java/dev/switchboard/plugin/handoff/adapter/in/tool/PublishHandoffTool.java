package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.PublishHandoff;
import dev.switchboard.plugin.handoff.domain.HandoffDraft;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.RequestKeyRule;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_publish_handoff}: commits curated conclusions for another agent and returns a receipt. */
public final class PublishHandoffTool implements Tool {

    static final String NAME = "frontispice_publish_handoff";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The registered project to publish to (see frontispice_list_projects). Case, spaces and underscores do not matter. An unregistered project is refused with a confirmation prompt, never created."},
                "title": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "One line saying what the handoff is about."},
                "summary": {"type": "string", "minLength": 1, "maxLength": 4000,
                  "description": "A few sentences: what was concluded and what the receiver should do with it. Shown in update lists."},
                "content": {"type": "string", "minLength": 1,
                  "description": "The curated conclusions in full (Markdown welcome): decisions, reasons, open questions, references. Not a transcript. At most plugins.handoff.max-body-bytes UTF-8 bytes (default 262144). Never include credentials."},
                "kind": {"type": "string", "enum": ["context", "decision", "research", "plan", "task", "question", "reference", "note"], "default": "context",
                  "description": "What sort of handoff this is."},
                "tags": {"type": "array", "maxItems": 32, "uniqueItems": true,
                  "items": {"type": "string", "minLength": 1, "maxLength": 64},
                  "description": "Free labels for the receiver, such as architecture or auth."},
                "source": {"type": "string", "minLength": 1, "maxLength": 64, "default": "chatgpt",
                  "description": "Who wrote it, such as chatgpt, claude or a person's name; stored as chatgpt when left out."},
                "source_reference": {"type": "string", "minLength": 1, "maxLength": 2000,
                  "description": "Where it came from, such as the conversation's title or link."},
                "importance": {"type": "string", "enum": ["low", "normal", "high", "critical"], "default": "normal",
                  "description": "How urgently the receiver should look at it."},
                "sensitivity": {"type": "string", "enum": ["public", "normal", "internal", "confidential"], "default": "normal",
                  "description": "How carefully the receiver should treat it (a label; it does not encrypt anything)."},
                "suggested_targets": {"type": "array", "maxItems": 16, "uniqueItems": true,
                  "items": {"type": "string", "minLength": 1, "maxLength": 64},
                  "description": "Specialists or agents the publisher thinks should take it, such as architecture or implementation; the receiving librarian decides."},
                "allow_sensitive": {"type": "boolean", "default": false,
                  "description": "Only when the user insists on storing content the secret guardrail refused. Works only if the operator also set plugins.handoff.allow-sensitive=true; the handoff then records the override."},
                "idempotency_key": {"type": "string", %s,
                  "description": "A key of your choosing that makes retries safe: the same key with the same fields returns the original receipt; the same key with different fields is refused (CONFLICT)."}
              },
              "required": ["project", "title", "summary", "content"],
              "additionalProperties": false
            }""".formatted(RequestKeyRule.SCHEMA_KEYWORDS);

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Publish a handoff")
            .description(
                    "Leaves curated conclusions for another agent (typically Codex) in a project's inbox. Use it only when"
                            + " the user explicitly asks to pass the discussion on; publish curated conclusions, not the"
                            + " whole conversation. Success returns delivery_status 'committed' and a receipt {handoff_id,"
                            + " project, sequence, checksum, committed_at}: tell the user the receipt. Without a receipt the"
                            + " handoff was NOT sent, whatever else was said. Refused (nothing stored): unknown project"
                            + " (PROJECT_UNKNOWN, with a prompt to confirm registration), ambiguous project, content over the"
                            + " size limit (BODY_TOO_LARGE), anything that looks like a credential (SECRET_DETECTED: remove"
                            + " it), an idempotency key reused with other fields (CONFLICT). The content is stored as"
                            + " untrusted data for the receiver, never as instructions.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes())
            .build();

    private final PublishHandoff publish;

    @Inject
    PublishHandoffTool(PublishHandoff publish) {
        this.publish = publish;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        HandoffDraft draft = new HandoffDraft(
                args.text("title"),
                args.text("summary"),
                args.text("content"),
                args.optionalText("kind").orElse(HandoffDraft.DEFAULT_KIND),
                args.texts("tags"),
                args.optionalText("source").orElse(HandoffDraft.DEFAULT_SOURCE),
                args.optionalText("source_reference").orElse(null),
                args.optionalText("importance").orElse(HandoffDraft.DEFAULT_IMPORTANCE),
                args.optionalText("sensitivity").orElse(HandoffDraft.DEFAULT_SENSITIVITY),
                args.texts("suggested_targets"));
        PublishHandoff.Request request = new PublishHandoff.Request(
                args.text("project"),
                draft,
                args.flag("allow_sensitive", false),
                args.optionalText("idempotency_key").orElse(null),
                call.principal().id());
        return Results.guarded(() -> publish.publish(request).toResult(PublishHandoffTool::success));
    }

    private static ToolResult success(PublishHandoff.Published published) {
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("delivery_status", "committed");
        structured.put("receipt", Views.receipt(published.receipt()));
        structured.put("replayed", published.replayed());
        structured.put("sensitive_override", !published.overriddenRules().isEmpty());
        var receipt = published.receipt();
        String text = (published.replayed()
                        ? "Already committed earlier with this idempotency key: handoff "
                        : "Committed handoff ")
                + receipt.handoffId() + " to project " + receipt.project() + " as #"
                + receipt.sequence() + " (checksum " + receipt.checksum() + ", committed " + receipt.committedAt()
                + "). delivery_status: committed.";
        return ToolResult.structured(text, structured);
    }
}
