package dev.switchboard.plugin.handoff.adapter.in.tool;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.handoff.application.RegisterProject;
import dev.switchboard.plugin.handoff.application.port.out.Registration;
import dev.switchboard.ports.tool.Arguments;
import dev.switchboard.ports.tool.Tool;
import dev.switchboard.ports.tool.ToolAnnotations;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolDescriptor;
import dev.switchboard.ports.tool.ToolResult;

/** {@code frontispice_register_project}: registers a project once the user confirmed it, merging legacy spellings. */
public final class RegisterProjectTool implements Tool {

    static final String NAME = "frontispice_register_project";

    private static final String SCHEMA = """
            {
              "type": "object",
              "properties": {
                "project": {
                  "type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The project's name, usually the repository's name. It is stored under its canonical key: lowercase, spaces and underscores become hyphens ('My_Project Name' is my-project-name)."
                },
                "display_name": {
                  "type": "string", "minLength": 1, "maxLength": 200,
                  "description": "The name to show people. Default: project as given. Used only when the project is created."
                },
                "registered_by": {
                  "type": "string", "minLength": 1, "maxLength": 64,
                  "description": "Who registers it, such as codex. Default: the caller's identity."
                },
                "confirmed": {
                  "type": "boolean", "default": true,
                  "description": "true (default) once the user has explicitly confirmed the registration. false previews: nothing is written, created is false, and would_create and merged say what registering would do."
                }
              },
              "required": ["project"],
              "additionalProperties": false
            }""";

    private static final ToolDescriptor DESCRIPTOR = ToolDescriptor.builder(NAME)
            .title("Register a handoff project")
            .description(
                    "Registers a project under its canonical key so handoffs can be published to it. Call it only after the"
                            + " user explicitly confirmed (typically Codex registers its repository once). Registering an"
                            + " existing key changes nothing. If handoffs exist under legacy spellings of the key (Raveil,"
                            + " raveil_), they are merged in: ids unchanged, resequenced by commit time, and every consumer's"
                            + " cursor remapped so nothing handled is delivered again and nothing unhandled is skipped.")
            .inputSchema(SCHEMA)
            .annotations(ToolAnnotations.writes().idempotent())
            .build();

    private final RegisterProject registerProject;

    @Inject
    RegisterProjectTool(RegisterProject registerProject) {
        this.registerProject = registerProject;
    }

    @Override
    public ToolDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public ToolResult call(ToolCall call) {
        Arguments args = call.args();
        String registeredBy =
                args.optionalText("registered_by").orElse(call.principal().id());
        boolean confirmed = args.flag("confirmed", true);
        return Results.guarded(() -> registerProject
                .register(
                        args.text("project"), args.optionalText("display_name").orElse(null), registeredBy, confirmed)
                .toResult(r -> success(r, confirmed)));
    }

    private static ToolResult success(Registration registration, boolean confirmed) {
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("project", registration.project().key().value());
        // A preview created nothing: "created" stays false, and "would_create" says what registering would do.
        structured.put("created", confirmed && registration.created());
        structured.put("would_create", !confirmed && registration.created());
        structured.put("preview", !confirmed);
        structured.put("details", Views.project(registration.project()));
        structured.put(
                "merged",
                registration.merged().stream()
                        .map(m -> Map.<String, Object>of("stored_key", m.storedKey(), "handoff_count", m.handoffs()))
                        .toList());
        structured.put(
                "cursors", registration.cursors().stream().map(Views::cursor).toList());
        String key = registration.project().key().value();
        StringBuilder text = new StringBuilder();
        if (!confirmed) {
            text.append("Preview, nothing written: registering would ")
                    .append(registration.created() ? "create project " + key : "keep the existing project " + key);
        } else {
            text.append(registration.created() ? "Registered project " : "Project already registered: ")
                    .append(key);
        }
        if (!registration.merged().isEmpty()) {
            text.append(confirmed ? "; merged legacy keys " : " and merge legacy keys ")
                    .append(String.join(
                            ", ",
                            registration.merged().stream()
                                    .map(m -> m.storedKey() + " (" + m.handoffs() + " handoffs)")
                                    .toList()));
        }
        return ToolResult.structured(text.append('.').toString(), structured);
    }
}
