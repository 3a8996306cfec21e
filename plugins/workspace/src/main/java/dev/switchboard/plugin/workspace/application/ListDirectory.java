package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * {@code ls}: a directory's entries sorted by name (case-insensitively), dot files included, directories marked with
 * a trailing {@code /}, at most {@code limit} (default {@value #DEFAULT_LIMIT}), saying when the limit cut the list.
 * Thread-safe.
 */
public final class ListDirectory {

    /** Entries listed when no limit is given. */
    static final int DEFAULT_LIMIT = 500;

    private final WorkspaceRegistry registry;
    private final WorkspaceSettings settings;

    @Inject
    ListDirectory(WorkspaceRegistry registry, WorkspaceSettings settings) {
        this.registry = registry;
        this.settings = settings;
    }

    /**
     * @param workspaceId the workspace
     * @param path        the directory, or null for the workspace's directory
     * @param limit       at most this many entries (1..2000), or null
     * @return the listing and {path, entries, truncated}
     */
    public Answer list(String workspaceId, String path, Integer limit) {
        return registry.within(workspaceId, workspace -> {
            Path dir = settings.confinement()
                    .admit(
                            path == null
                                    ? workspace.cwd()
                                    : PathResolver.resolve(workspace.cwd(), settings.home(), path));
            int max = limit == null ? DEFAULT_LIMIT : limit;
            List<String> names = entries(dir);
            names.sort(String.CASE_INSENSITIVE_ORDER.thenComparing(String::compareTo));
            boolean truncated = names.size() > max;
            List<String> shown = truncated ? names.subList(0, max) : names;
            StringBuilder text = new StringBuilder(shown.isEmpty() ? "(empty directory)" : String.join("\n", shown));
            if (truncated) {
                text.append("\n\n[")
                        .append(max)
                        .append(" of ")
                        .append(names.size())
                        .append(" entries shown (limit reached). Use limit=")
                        .append(Math.min(2000, max * 2))
                        .append(" for more]");
            }
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("path", dir.toString());
            facts.put("entries", shown.size());
            facts.put("truncated", truncated);
            facts.put("workspace_id", workspace.id());
            facts.put("cwd", workspace.cwd().toString());
            return Answer.of(text.toString(), facts);
        });
    }

    private static List<String> entries(Path dir) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            for (Path entry : stream) {
                String name = entry.getFileName().toString();
                names.add(Files.isDirectory(entry) ? name + "/" : name);
            }
            return names;
        } catch (NoSuchFileException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED, "no such directory: " + dir, Map.of("path", dir.toString()));
        } catch (NotDirectoryException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED, dir + " is not a directory", Map.of("path", dir.toString()));
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot list " + dir + ": " + e.getMessage(),
                    Map.of("path", dir.toString()));
        }
    }
}
