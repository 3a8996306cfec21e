package dev.switchboard.plugin.workspace.application;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * {@code find}: paths under a directory whose name matches a glob (or, for a glob with {@code /}, whose relative path
 * does), hidden files included, {@code .git} and (inside a Git work tree) what {@code .gitignore} ignores skipped,
 * at most {@code limit} (default {@value #DEFAULT_LIMIT}), sorted, saying when the limit cut the list. Thread-safe.
 */
public final class FindFiles {

    /** Results when no limit is given. */
    static final int DEFAULT_LIMIT = 1000;

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;

    @Inject
    FindFiles(WorkspaceRegistry registry, WorkspaceSettings settings) {
        this.registry = registry;
        this.settings = settings;
    }

    /**
     * @param workspaceId the workspace
     * @param pattern     a glob such as {@code *.txt} or {@code src/**}{@code /*.java}
     * @param path        the directory to search, or null for the workspace's directory
     * @param limit       at most this many results (1..2000), or null
     * @return the relative paths, one a line, and {path, matches, truncated}
     */
    public Answer find(String workspaceId, String pattern, String path, Integer limit) {
        return registry.within(workspaceId, workspace -> {
            Path root = settings.confinement()
                    .admit(
                            path == null
                                    ? workspace.cwd()
                                    : PathResolver.resolve(workspace.cwd(), settings.home(), path));
            int max = limit == null ? DEFAULT_LIMIT : limit;
            PathMatcher matcher = matcher(pattern);
            boolean whole = pattern.contains("/");
            List<String> found = new ArrayList<>();
            boolean[] cut = {false};
            TreeWalk.walk(root, (entry, attributes) -> {
                Path relative = root.relativize(entry);
                if (matcher.matches(whole ? relative : entry.getFileName())) {
                    if (found.size() == max) {
                        cut[0] = true;
                        return false;
                    }
                    found.add(relative + (attributes.isDirectory() ? "/" : ""));
                }
                return true;
            });
            found.sort(null);
            StringBuilder text =
                    new StringBuilder(found.isEmpty() ? "No files found matching pattern" : String.join("\n", found));
            if (cut[0]) {
                text.append("\n\n[")
                        .append(max)
                        .append(" results limit reached. Use limit=")
                        .append(Math.min(2000, max * 2))
                        .append(" for more, or refine the pattern]");
            }
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", root.toString());
            facts.put("matches", found.size());
            facts.put("truncated", cut[0]);
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(text.toString(), facts);
        });
    }

    /** @throws WorkspaceException {@link Code#INVALID_ARGUMENTS} for a glob that does not compile */
    static PathMatcher matcher(String pattern) {
        try {
            return FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        } catch (IllegalArgumentException e) {
            throw new WorkspaceException(
                    Code.INVALID_ARGUMENTS, "not a valid glob: " + e.getMessage(), Map.of("pattern", pattern));
        }
    }
}
