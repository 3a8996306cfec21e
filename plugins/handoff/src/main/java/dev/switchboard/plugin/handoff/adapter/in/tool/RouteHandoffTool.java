package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.RouteHandoff;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_route_handoff}: records which specialists should take a handoff, and why. */
public final class RouteHandoffTool implements Tool {

    static final String NAME = "frontispice_route_handoff";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {"type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The registered project the handoff belongs to."},
                "handoff_id": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$",
                  "description": "The handoff to route."},
                "targets": {"type": "array", "minItems": 1, "maxItems": 16, "uniqueItems": true,
                  "items": {"type": "string", "pattern": "^[a-z0-9][a-z0-9._-]{0,63}$"},
                  "description": "The specialists or agents that should take it, such as architecture, research or implementation (lowercase). They find it with frontispice_list_updates(target=...)."},
                "rationale": {"type": "string", "minLength": 1, "maxLength": 4000,
                  "description": "Why it goes there, for the specialists and for later audits."},
                "routed_by": {"type": "string", "minLength": 1, "maxLength": 64,
                  "description": "Who routes it, usually librarian."}
              },
              "required": ["project", "handoff_id", "targets", "rationale", "routed_by"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Route a handoff to specialists")
            .description(
                    "Adds librarian routing metadata to a handoff: targets, rationale, who routed it and when. It only"
                            + " records: it spawns no agent, edits no file, and changes neither the handoff nor any cursor."
                            + " Repeating the same route adds nothing. Routes show in frontispice_read_handoff,"
                            + " frontispice_project_status and frontispice_list_updates(target=...).")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final RouteHandoff routeHandoff;

    @Inject
    RouteHandoffTool(RouteHandoff routeHandoff) {
        this.routeHandoff = routeHandoff;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.guarded(() -> routeHandoff
                .route(
                        args.text("project"),
                        args.text("handoff_id"),
                        args.texts("targets"),
                        args.text("rationale"),
                        args.text("routed_by"))
                .toResult(routing -> {
                    Map<String, Object> structured = new LinkedHashMap<>();
                    structured.put("handoff_id", routing.handoffId().value());
                    structured.put("routes_added", routing.added());
                    structured.put(
                            "routes",
                            routing.routes().stream().map(Views::route).toList());
                    return ToolResult.structured(
                            "Routed handoff " + routing.handoffId() + ": " + routing.added() + " new route(s), "
                                    + routing.routes().size() + " in total.",
                            structured);
                }));
    }
}
