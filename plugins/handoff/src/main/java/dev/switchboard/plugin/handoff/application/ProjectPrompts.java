package dev.switchboard.plugin.handoff.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.handoff.domain.LegacyProject;
import dev.switchboard.plugin.handoff.domain.Project;
import dev.switchboard.plugin.handoff.domain.ProjectKey;

/**
 * The structured prompts an agent shows its user when a project name does not pick exactly one registered project.
 * Shapes (JSON objects):
 * <ul>
 *   <li>selection: {@code {kind: "select_project", question, options: [{project, display_name, latest_sequence}]}}</li>
 *   <li>confirmation: {@code {kind: "confirm_registration", question, project, suggestions: [key...],
 *       legacy_variants: [stored key...], register_with: "frontispice_register_project"}}; {@code project} is absent
 *       when no name was given</li>
 * </ul>
 */
final class ProjectPrompts {

    private ProjectPrompts() {}

    static Map<String, Object> select(String question, List<Project> options) {
        Map<String, Object> prompt = new LinkedHashMap<>();
        prompt.put("kind", "select_project");
        prompt.put("question", question);
        prompt.put("options", options.stream().map(ProjectPrompts::option).toList());
        return prompt;
    }

    static Map<String, Object> confirm(ProjectKey key, List<Project> suggestions, List<LegacyProject> variants) {
        Map<String, Object> prompt = new LinkedHashMap<>();
        prompt.put("kind", "confirm_registration");
        if (key == null) {
            prompt.put(
                    "question",
                    "No project is registered yet. Ask the user which project this is for; it is"
                            + " registered only after they confirm (Codex registers its repository once).");
        } else {
            prompt.put(
                    "question",
                    "No project '" + key + "' is registered. Ask the user whether to register '" + key
                            + "' (after their explicit confirmation) or to use an existing project instead.");
            prompt.put("project", key.value());
        }
        prompt.put("suggestions", suggestions.stream().map(p -> p.key().value()).toList());
        prompt.put(
                "legacy_variants",
                variants.stream().map(LegacyProject::storedKey).toList());
        prompt.put("register_with", "frontispice_register_project");
        return prompt;
    }

    private static Map<String, Object> option(Project project) {
        Map<String, Object> option = new LinkedHashMap<>();
        option.put("project", project.key().value());
        option.put("display_name", project.displayName());
        option.put("latest_sequence", project.latest().value());
        return option;
    }
}
