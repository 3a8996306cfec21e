package dev.switchboard.plugin.workspace;

import static dev.switchboard.plugin.workspace.WorkspaceHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkillsTest {

    @TempDir
    Path state;

    @TempDir
    Path home;

    private WorkspaceHarness harness;

    @BeforeEach
    void start() throws Exception {
        harness = new WorkspaceHarness(state, home);
        Path skill = Files.createDirectories(home.resolve(".agents/skills/release"));
        Files.writeString(
                skill.resolve("SKILL.md"),
                "---\nname: release\ndescription: \"Cut a release\"\n---\n" + "Run the release checklist.\n");
        Path local = Files.createDirectories(home.resolve("project/.pi/skills/lint"));
        Files.writeString(local.resolve("SKILL.md"), "Lint everything.\n");
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void workspaceOpenListsTheSkillsCatalog() {
        Map<String, Object> opened = harness.ok(
                "workspace_open", Map.of("cwd", home.resolve("project").toString()));

        assertThat((List<?>) opened.get("skills")).hasSize(2);
        assertThat(opened).containsEntry("skills_truncated", false);
        assertThat((String) opened.get("output")).contains("<available_skills>", "release: Cut a release", "lint");
    }

    @Test
    void skillInfoReturnsOneSkillsInstructionsAndFrontmatter() {
        String id = harness.open(home.resolve("project"));

        Map<String, Object> skill = harness.ok("skill_info", args("workspace_id", id, "name", "release"));

        assertThat((String) skill.get("output")).contains("Run the release checklist.");
        assertThat(skill)
                .containsEntry("description", "Cut a release")
                .containsEntry("frontmatter", Map.of("name", "release", "description", "Cut a release"));
        assertThat(harness.refused("skill_info", args("workspace_id", id, "name", "nope"), "EXECUTION_FAILED")
                        .message())
                .contains("release", "lint");
    }

    @Test
    void skillInfoWithoutANameListsAllSkills() {
        String id = harness.open(home);

        assertThat((List<?>) harness.ok("skill_info", args("workspace_id", id)).get("skills"))
                .hasSize(1);
    }
}
