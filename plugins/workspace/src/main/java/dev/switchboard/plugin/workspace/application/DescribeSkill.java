package dev.switchboard.plugin.workspace.application;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * {@code skill_info}: lists the skills available in a workspace, or returns one skill's full instructions and
 * frontmatter. Nothing is executed. Thread-safe.
 */
public final class DescribeSkill {

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;

    @Inject
    DescribeSkill(WorkspaceRegistry registry, WorkspaceSettings settings) {
        this.registry = registry;
        this.settings = settings;
    }

    /**
     * @param workspaceId the workspace
     * @param name        a skill's name, or null to list them all
     * @return the list {skills, skills_truncated}, or one skill {name, description, path, frontmatter}
     * @throws WorkspaceException {@link Code#EXECUTION_FAILED} for an unknown name, listing the known ones
     */
    public Answer describe(String workspaceId, String name) {
        return registry.within(workspaceId, workspace -> {
            SkillCatalog.Found found = SkillCatalog.of(settings.home(), workspace.cwd());
            if (name == null) {
                Map<String, Object> facts = new LinkedHashMap<>();
                facts.put("skills", summaries(found.skills()));
                facts.put("skills_truncated", found.truncated());
                return Answer.of(catalog(found), facts);
            }
            SkillCatalog.Skill skill = found.skills().stream()
                    .filter(s -> s.name().equals(name))
                    .findFirst()
                    .orElseThrow(() -> new WorkspaceException(
                            Code.EXECUTION_FAILED,
                            "no skill named '" + name + "'; available: "
                                    + found.skills().stream()
                                            .map(SkillCatalog.Skill::name)
                                            .toList(),
                            Map.of("name", name)));
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("name", skill.name());
            facts.put("description", skill.description());
            facts.put("path", skill.path().toString());
            facts.put("frontmatter", skill.frontmatter());
            return Answer.of(skill.content(), facts);
        });
    }

    static List<Map<String, Object>> summaries(List<SkillCatalog.Skill> skills) {
        return skills.stream()
                .map(s -> Map.<String, Object>of(
                        "name",
                        s.name(),
                        "description",
                        s.description(),
                        "path",
                        s.path().toString()))
                .toList();
    }

    /** @return the {@code <available_skills>} block shown to the assistant, or an empty string when there are none */
    static String catalog(SkillCatalog.Found found) {
        if (found.skills().isEmpty()) {
            return "No skills found.";
        }
        StringBuilder out = new StringBuilder("<available_skills>\n");
        for (SkillCatalog.Skill skill : found.skills()) {
            out.append("- ")
                    .append(skill.name())
                    .append(": ")
                    .append(skill.description())
                    .append(" (")
                    .append(skill.path())
                    .append(")\n");
        }
        if (found.truncated()) {
            out.append("[more than ").append(SkillCatalog.MAX_SKILLS).append(" skills; the rest are not listed]\n");
        }
        return out.append("</available_skills>\nUse skill_info with a name to read a skill's instructions.")
                .toString();
    }
}
