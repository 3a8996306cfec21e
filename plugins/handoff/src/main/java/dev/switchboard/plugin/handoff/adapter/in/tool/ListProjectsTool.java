package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.ListProjects;
import dev.switchboard.plugin.handoff.application.Resolution;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_list_projects}: the registry, and the resolution of a project name before publishing. */
public final class ListProjectsTool implements Tool {

    static final String NAME = "frontispice_list_projects";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {
                  "type": "string", "minLength": 1, "maxLength": 200,
                  "description": "A project name to resolve, as the user said it (case, spaces and underscores do not matter: 'My Project' is my-project). Omit it to resolve 'the' project: chosen automatically when exactly one is registered."
                }
              },
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("List handoff projects")
            .description(
                    "Lists the registered projects (canonical keys, latest sequence) and resolves a project name, the step"
                            + " before frontispice_publish_handoff. The result's resolution is 'resolved' (use that project),"
                            + " 'selection_required' (show the user the prompt's options and let them pick) or"
                            + " 'confirmation_required' (the project is not registered: ask the user before anything is"
                            + " registered; it is never created silently). Read-only.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.readOnly())
            .build();

    private final ListProjects listProjects;

    @Inject
    ListProjectsTool(ListProjects listProjects) {
        this.listProjects = listProjects;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        return Results.guarded(() ->
                listProjects.list(args.optionalText("project").orElse(null)).toResult(ListProjectsTool::success));
    }

    private static ToolResult success(ListProjects.Listing listing) {
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put(
                "projects", listing.projects().stream().map(Views::project).toList());
        structured.put(
                "legacy_variants",
                listing.legacy().stream()
                        .map(legacy -> {
                            Map<String, Object> view = new LinkedHashMap<>();
                            view.put("stored_key", legacy.storedKey());
                            legacy.canonical().ifPresent(key -> view.put("merges_into", key.value()));
                            view.put("handoff_count", legacy.handoffCount());
                            return view;
                        })
                        .toList());
        structured.put("resolution", resolution(listing.resolution()));
        StringBuilder text = new StringBuilder();
        text.append(listing.projects().isEmpty() ? "No project is registered." : "Registered projects: ");
        text.append(String.join(
                ", ",
                listing.projects().stream()
                        .map(p -> p.key() + " (latest #" + p.latest() + ")")
                        .toList()));
        text.append("\nResolution: ").append(describe(listing.resolution()));
        return ToolResult.structured(text.toString(), structured);
    }

    private static Map<String, Object> resolution(Resolution resolution) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("status", resolution.status().name().toLowerCase(Locale.ROOT));
        resolution
                .resolved()
                .ifPresent(project -> view.put("project", project.key().value()));
        if (resolution.prompt() != null) {
            view.put("prompt", resolution.prompt());
        }
        return view;
    }

    private static String describe(Resolution resolution) {
        return switch (resolution.status()) {
            case RESOLVED -> "use project " + resolution.project().key() + ".";
            case SELECTION_REQUIRED, CONFIRMATION_REQUIRED ->
                resolution.prompt().get("question").toString();
        };
    }
}
