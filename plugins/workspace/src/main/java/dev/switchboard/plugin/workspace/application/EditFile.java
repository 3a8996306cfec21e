package dev.switchboard.plugin.workspace.application;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.EditPlan;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.plugin.workspace.domain.TextEdit;
import dev.switchboard.plugin.workspace.domain.TextFormat;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * {@code edit}: exact replacements in an existing text file, each matched once against the original, under the
 * file's lock and a request key, with the revision checked before and just before the atomic rename. The file's BOM,
 * line ends (only the edited regions change, so a file mixing CRLF and LF keeps its mix) and permission bits are
 * kept; a symlink stays a symlink (its target is replaced).
 * Returns a unified diff. Thread-safe.
 */
public final class EditFile {

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;
    private final FileLocks locks;
    private final RequestKeys keys;

    @Inject
    EditFile(WorkspaceRegistry registry, WorkspaceSettings settings, FileLocks locks, RequestKeys keys) {
        this.registry = registry;
        this.settings = settings;
        this.locks = locks;
        this.keys = keys;
    }

    /**
     * @param arguments the tool's arguments: workspace_id, request_key, path, expected_revision, edits
     * @param edits     the edits, parsed
     * @return {path, changed_paths, revision, details: {diff}}
     */
    public Answer edit(Map<String, Object> arguments, List<TextEdit> edits) {
        String workspaceId = (String) arguments.get("workspace_id");
        return keys.once(
                workspaceId,
                (String) arguments.get("request_key"),
                "edit",
                arguments,
                () -> registry.within(
                        workspaceId,
                        workspace -> run(
                                workspace,
                                (String) arguments.get("path"),
                                (String) arguments.get("expected_revision"),
                                edits)),
                WriteFile::facts);
    }

    private Answer run(Workspace workspace, String path, String expected, List<TextEdit> edits) {
        Path target = settings.confinement()
                .admit(FileTarget.of(PathResolver.resolve(workspace.cwd(), settings.home(), path)));
        return locks.holding(target, () -> {
            int otherLinks = ReplaceableFile.check(target, "edit");
            FileSnapshot snapshot = FileSnapshot.readIfPresent(target);
            if (snapshot == null) {
                throw new WorkspaceException(
                        Code.REVISION_CONFLICT,
                        target + " does not exist; create it with" + " write and expected_revision \"missing\"",
                        Map.of(
                                "path",
                                target.toString(),
                                "expected_revision",
                                expected,
                                "current_revision",
                                Revision.MISSING));
            }
            if (!snapshot.revision().equals(expected)) {
                throw Revisions.conflict(target, expected, snapshot.revision());
            }
            TextFormat.Decoded decoded = TextFormat.decodeForEdit(target.toString(), snapshot.bytes());
            String edited = EditPlan.apply(decoded, edits);
            byte[] bytes = decoded.format().bytes(edited);
            AtomicReplace.replace(target, bytes, snapshot.revision(), settings.confinement());
            String revision = Revision.of(bytes);
            String diff = UnifiedDiff.of(target.getFileName().toString(), decoded.text(), TextFormat.toLf(edited));
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", target.toString());
            facts.put("changed_paths", List.of(target.toString()));
            facts.put("revision", revision);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("diff", diff);
            details.put("edits", edits.size());
            HardLinks.note(details, otherLinks);
            facts.put("details", details);
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(
                    "Applied " + edits.size() + " edit(s) to " + target + " (revision " + revision + ")."
                            + HardLinks.sentence(otherLinks) + "\n\n" + diff,
                    facts);
        });
    }
}
