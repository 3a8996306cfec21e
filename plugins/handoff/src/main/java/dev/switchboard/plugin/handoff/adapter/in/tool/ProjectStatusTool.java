package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.ProjectStatus;
import dev.switchboard.plugin.handoff.domain.AppliedEntry;
import dev.switchboard.plugin.handoff.domain.Cursor;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_project_status}: counts, latest sequence, cursors, routes and applied provenance. */
public final class ProjectStatusTool implements Tool {

    static final String NAME = "frontispice_project_status";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The registered project."}
              },
              "required": ["project"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Show a project's handoff status")
            .description(
                    "Reports a project's handoff count, latest sequence, every consumer's cursor (consumer -> sequence"
                            + " handled through), how many handoffs are routed to each target, and the most recent applied"
                            + " provenance. An unregistered project is PROJECT_UNKNOWN. Read-only.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ProjectStatus projectStatus;

    @Inject
    ProjectStatusTool(ProjectStatus projectStatus) {
        this.projectStatus = projectStatus;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.guarded(() -> projectStatus.status(args.text("project")).toResult(ProjectStatusTool::success));
    }

    private static ToolResult success(ProjectStatus.Report report) {
        Map<String, Object> cursors = new LinkedHashMap<>();
        report.cursors()
                .forEach(cursor ->
                        cursors.put(cursor.consumer(), cursor.through().value()));
        Map<String, Object> structured = new LinkedHashMap<>(Views.project(report.project()));
        structured.put("cursors", cursors);
        structured.put(
                "cursor_details", report.cursors().stream().map(Views::cursor).toList());
        structured.put("routes_by_target", report.routeTargets());
        structured.put("applied_count", report.appliedCount());
        structured.put(
                "recent_applied",
                report.recentApplied().stream().map(ProjectStatusTool::entry).toList());
        String text =
                "Project " + report.project().key() + ": " + report.project().handoffCount()
                        + " handoff(s), latest #" + report.project().latest() + ". Cursors: "
                        + (report.cursors().isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        report.cursors().stream()
                                                .map(ProjectStatusTool::cursorText)
                                                .toList()))
                        + ". Applied records: " + report.appliedCount() + ".";
        return ToolResult.structured(text, structured);
    }

    private static String cursorText(Cursor cursor) {
        return cursor.consumer() + "=" + cursor.through();
    }

    private static Map<String, Object> entry(AppliedEntry entry) {
        Map<String, Object> view = new LinkedHashMap<>(Views.applied(entry.applied()));
        view.put("handoff_id", entry.handoffId().value());
        view.put("sequence", entry.sequence().value());
        return view;
    }
}
