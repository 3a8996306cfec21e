package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.application.port.out.ReceiptFacts;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.plugin.workspace.domain.StrictUtf8;

/**
 * {@code write}: creates or replaces a file, under its path lock and a request key, after checking
 * {@code expected_revision} ({@code missing} to create) before and again just before the atomic rename. Parent
 * directories are created; symlinks are followed. Thread-safe.
 */
public final class WriteFile {

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;
    private final FileLocks locks;
    private final RequestKeys keys;

    @Inject
    WriteFile(WorkspaceRegistry registry, WorkspaceSettings settings, FileLocks locks, RequestKeys keys) {
        this.registry = registry;
        this.settings = settings;
        this.locks = locks;
        this.keys = keys;
    }

    /**
     * @param arguments the tool's arguments: workspace_id, request_key, path, content, expected_revision
     * @return {path, changed_paths, revision, details}
     */
    public Answer write(Map<String, Object> arguments) {
        String workspaceId = (String) arguments.get("workspace_id");
        return keys.once(
                workspaceId,
                (String) arguments.get("request_key"),
                "write",
                arguments,
                () -> registry.within(
                        workspaceId,
                        workspace -> run(
                                workspace, (String) arguments.get("path"), (String) arguments.get("content"), (String)
                                        arguments.get("expected_revision"))),
                WriteFile::facts);
    }

    private Answer run(Workspace workspace, String path, String content, String expected) {
        Path target = settings.confinement()
                .admit(FileTarget.of(PathResolver.resolve(workspace.cwd(), settings.home(), path)));
        return locks.holding(target, () -> {
            int otherLinks = ReplaceableFile.check(target, "write");
            String before = Revisions.check(target, expected);
            byte[] bytes = StrictUtf8.encode("content", content);
            AtomicReplace.replace(target, bytes, before, settings.confinement());
            String revision = Revision.of(bytes);
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", target.toString());
            facts.put("changed_paths", List.of(target.toString()));
            facts.put("revision", revision);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("bytes", bytes.length);
            details.put("created", before.equals(Revision.MISSING));
            HardLinks.note(details, otherLinks);
            facts.put("details", details);
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(
                    "Wrote " + bytes.length + " bytes to " + target + " (revision " + revision + ")."
                            + HardLinks.sentence(otherLinks),
                    facts);
        });
    }

    static ReceiptFacts facts(Answer answer) {
        Object paths = answer.structured().get("changed_paths");
        List<String> changed = paths instanceof List<?> list
                ? list.stream().map(String::valueOf).toList()
                : List.of();
        return new ReceiptFacts(
                (String) answer.structured().get("cwd"),
                changed,
                (String) answer.structured().get("revision"),
                answer.error() == null ? null : answer.error().name(),
                null,
                null);
    }
}
