package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Frontmatter;

/**
 * The skills available in a workspace: each {@code <dir>/<skill>/SKILL.md} under {@code ~/.agents/skills},
 * {@code ~/.pi/agent/skills}, {@code <cwd>/.agents/skills} and {@code <cwd>/.pi/skills}, named by its frontmatter
 * {@code name} (else its directory). At most {@value #MAX_SKILLS} are listed. Skills are instructions to read, never
 * code to run. Stateless.
 */
final class SkillCatalog {

    /** Skills listed at most. */
    static final int MAX_SKILLS = 100;

    /**
     * One skill.
     *
     * @param name        its name
     * @param description its frontmatter description, or empty
     * @param path        its {@code SKILL.md}
     * @param frontmatter all its frontmatter keys
     * @param content     the whole file
     */
    record Skill(String name, String description, Path path, Map<String, String> frontmatter, String content) {}

    /**
     * The catalog of one workspace.
     *
     * @param skills    the skills found, in search order
     * @param truncated whether more than {@link #MAX_SKILLS} were found
     */
    record Found(List<Skill> skills, boolean truncated) {}

    private SkillCatalog() {}

    static Found of(Path home, Path cwd) {
        List<Skill> skills = new ArrayList<>();
        boolean truncated = false;
        for (Path dir : List.of(
                home.resolve(".agents/skills"),
                home.resolve(".pi/agent/skills"),
                cwd.resolve(".agents/skills"),
                cwd.resolve(".pi/skills"))) {
            truncated |= collect(dir, skills);
        }
        return new Found(List.copyOf(skills), truncated);
    }

    /** @return true when the cap was reached and a skill was left out */
    private static boolean collect(Path dir, List<Skill> skills) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, Files::isDirectory)) {
            stream.forEach(folders::add);
        } catch (IOException e) {
            return false;
        }
        folders.sort(null);
        for (Path folder : folders) {
            Path file = folder.resolve("SKILL.md");
            if (!Files.isRegularFile(file)
                    || skills.stream().anyMatch(s -> s.path().equals(file))) {
                continue;
            }
            if (skills.size() == MAX_SKILLS) {
                return true;
            }
            byte[] bytes = RegularFile.bytesOrNull(file, (int) FileSnapshot.MAX_BYTES);
            if (bytes == null) {
                // An unreadable skill is left out of the catalog; opening must not fail because of it.
                continue;
            }
            String content = new String(bytes, StandardCharsets.UTF_8);
            Map<String, String> keys = Frontmatter.of(content);
            skills.add(new Skill(
                    keys.getOrDefault("name", folder.getFileName().toString()),
                    keys.getOrDefault("description", ""),
                    file,
                    keys,
                    content));
        }
        return false;
    }
}
