package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.MarkApplied;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_mark_applied}: immutable provenance that a handoff was integrated into a repository. */
public final class MarkAppliedTool implements Tool {

    static final String NAME = "frontispice_mark_applied";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The registered project the handoff belongs to."},
                "handoff_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$",
                  "description": "The handoff that was integrated."},
                "applied_by": {"type": "string", "minLength": 1, "maxLength": 64,
                  "description": "Who integrated it, such as codex or librarian."},
                "repository": {"type": "string", "minLength": 1, "maxLength": 1000,
                  "description": "The repository it went into: its path or remote URL."},
                "commit_ref": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The commit that holds the integration (hash or ref)."},
                "paths": {"type": "array", "minItems": 1, "maxItems": 500,
                  "items": {"type": "string", "minLength": 1, "maxLength": 1000},
                  "description": "The files the conclusions went into, relative to the repository root, such as docs/adr/0007-storage.md."}
              },
              "required": ["project", "handoff_id", "applied_by", "repository", "commit_ref", "paths"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Mark a handoff integrated into a repository")
            .description(
                    "Records immutable provenance that a handoff's conclusions were integrated: who, which repository,"
                            + " which commit, which files. Call it only after the integration really happened (committed)."
                            + " It writes no repository file. The record can never be changed or deleted; an identical repeat"
                            + " adds nothing. It shows in frontispice_read_handoff, frontispice_project_status and"
                            + " frontispice_delivery_status.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final MarkApplied markApplied;

    @Inject
    MarkAppliedTool(MarkApplied markApplied) {
        this.markApplied = markApplied;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.guarded(() -> markApplied
                .mark(
                        args.text("project"),
                        args.text("handoff_id"),
                        args.text("applied_by"),
                        args.text("repository"),
                        args.text("commit_ref"),
                        args.texts("paths"))
                .toResult(marking -> {
                    Map<String, Object> structured = new LinkedHashMap<>();
                    structured.put("handoff_id", marking.handoffId().value());
                    structured.put("recorded", marking.recorded());
                    structured.put(
                            "applied",
                            marking.applied().stream().map(Views::applied).toList());
                    return ToolResult.structured(
                            (marking.recorded() ? "Recorded" : "Already recorded")
                                    + " that handoff " + marking.handoffId() + " was applied at "
                                    + args.text("commit_ref")
                                    + ".",
                            structured);
                }));
    }
}
