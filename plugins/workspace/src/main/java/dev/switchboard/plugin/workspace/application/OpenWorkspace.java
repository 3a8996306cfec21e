package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.port.out.ActivitySignal;
import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;
import dev.switchboard.ports.call.Principal;

/**
 * {@code workspace_open}: resolves {@code cwd} (omitted = home; {@code ~}, {@code ~/x} and relative paths from home),
 * checks it is a directory (inside the configured roots, when confined), opens a workspace for it and describes the
 * machine, the access (including the confinement), the Git state, the project instructions found from cwd upwards
 * (inlined in the text) and the skills catalog. Nothing found is executed. Thread-safe.
 */
public final class OpenWorkspace {

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;
    private final GitState git;
    private final ActivitySignal signal;

    @Inject
    OpenWorkspace(WorkspaceRegistry registry, WorkspaceSettings settings, GitState git, ActivitySignal signal) {
        this.registry = registry;
        this.signal = signal;
        this.settings = settings;
        this.git = git;
    }

    /**
     * @param cwd    the directory, or null for home
     * @param caller who calls: an attached local session's Git state is read with that session's environment
     * @return the workspace's description
     * @throws WorkspaceException {@link Code#INVALID_WORKSPACE}, {@link Code#WORKSPACE_LIMIT}
     */
    public Answer open(String cwd, Principal caller) {
        Path home = settings.home();
        Path real =
                settings.confinement().admit(realDirectory(cwd == null ? home : PathResolver.resolve(home, home, cwd)));
        Workspace workspace = registry.open(real);
        signal.changed();
        Map<String, Object> repository = git.of(real, caller);
        List<ProjectInstructions.Found> instructions = ProjectInstructions.from(real);
        SkillCatalog.Found skills = SkillCatalog.of(home, real);
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("workspace_id", workspace.id());
        facts.put("cwd", real.toString());
        facts.put("hostname", hostname());
        facts.put("home", home.toString());
        facts.put("account", System.getProperty("user.name"));
        facts.put("os", System.getProperty("os.name"));
        facts.put("arch", System.getProperty("os.arch"));
        facts.put("shell", System.getenv().getOrDefault("SHELL", "/bin/sh"));
        facts.put("repository", repository);
        facts.put(
                "instructions",
                instructions.stream().map(found -> found.path().toString()).toList());
        facts.put("skills", DescribeSkill.summaries(skills.skills()));
        facts.put("skills_truncated", skills.truncated());
        Map<String, Object> access =
                new LinkedHashMap<>(Map.of("profile", "account-administration", "cwd_is_sandbox", false));
        access.putAll(settings.confinement().describe());
        facts.put("access", access);
        facts.put("models_for_tools", false);
        return Answer.of(text(facts, instructions) + "\n" + DescribeSkill.catalog(skills), facts);
    }

    private static Path realDirectory(Path path) {
        try {
            Path real = path.toRealPath();
            if (Files.isDirectory(real)) {
                return real;
            }
        } catch (IOException e) {
            // falls through to the refusal below: missing or unreadable
        }
        throw new WorkspaceException(
                Code.INVALID_WORKSPACE, path + " is not an existing directory", Map.of("cwd", path.toString()));
    }

    private static String hostname() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return Files.readString(Path.of("/etc/hostname")).strip();
        } catch (IOException | RuntimeException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException unknown) {
                return "localhost";
            }
        }
    }

    private static String text(Map<String, Object> facts, List<ProjectInstructions.Found> instructions) {
        StringBuilder out = new StringBuilder();
        out.append("Workspace ")
                .append(facts.get("workspace_id"))
                .append(" open at ")
                .append(facts.get("cwd"))
                .append(" as ")
                .append(facts.get("account"))
                .append('@')
                .append(facts.get("hostname"))
                .append(". Commands run with the account's full access; the cwd is not a sandbox.\n");
        if (facts.get("access") instanceof Map<?, ?> access && Boolean.TRUE.equals(access.get("confined"))) {
            out.append("File tools are confined to ")
                    .append(access.get("roots"))
                    .append(" (real paths); bash is not confined beyond starting in the cwd.\n");
        }
        if (facts.get("repository") instanceof Map<?, ?> repo) {
            out.append("Git: root ")
                    .append(repo.get("root"))
                    .append(", branch ")
                    .append(repo.get("branch"))
                    .append(", head ")
                    .append(repo.get("head"))
                    .append(Boolean.TRUE.equals(repo.get("dirty")) ? ", uncommitted changes" : ", clean")
                    .append('\n');
        }
        for (ProjectInstructions.Found found : instructions) {
            out.append("\n<project_instructions path=\"")
                    .append(found.path())
                    .append("\">\n")
                    .append(found.content())
                    .append("\n</project_instructions>\n");
        }
        return out.toString();
    }
}
