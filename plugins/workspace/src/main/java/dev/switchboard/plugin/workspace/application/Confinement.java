package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Optional confinement of the file tools to configured root directories ({@code plugins.workspace.roots}). A path is
 * admitted when its real path (symlinks resolved; for a missing file, the nearest existing ancestor's) lies inside
 * the real path of a root, compared by path elements, so {@code /srv/ws} never admits {@code /srv/ws-evil}. With no
 * roots everything is admitted, as in the original. Commands ({@code bash}) cannot be confined: only their starting
 * directory is. Roots are resolved on every check, so a root created later counts. Immutable and thread-safe.
 */
final class Confinement {

    private final List<Path> roots;

    /** @param roots absolute root directories; empty for no confinement */
    Confinement(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    /** @return whether roots are configured */
    boolean confined() {
        return !roots.isEmpty();
    }

    /**
     * @param path an absolute, normalised path a tool is about to touch
     * @return {@code path}, unchanged, when it is admitted
     * @throws WorkspaceException {@link Code#INVALID_PATH} naming the path and the rule when it lies outside every
     *                            root, or when a symlink on its way points to nothing
     */
    Path admit(Path path) {
        if (!confined()) {
            return path;
        }
        Path real = RealPath.of(path);
        for (Path root : roots) {
            if (inside(real, root)) {
                return path;
            }
        }
        throw outside(path, real);
    }

    /**
     * Checks, just before a rename into {@code dir}, that the directory still resolves to where it did when the write
     * began and still lies inside a root, so a parent swapped for a symlink meanwhile is caught.
     *
     * @param dir    the target's parent directory as the caller named it
     * @param before its real path when the write began
     * @throws WorkspaceException {@link Code#INVALID_PATH} when it now resolves elsewhere or outside the roots
     */
    void recheck(Path dir, Path before) {
        if (!confined()) {
            return;
        }
        Path now;
        try {
            now = dir.toRealPath();
        } catch (IOException e) {
            now = null;
        }
        if (!before.equals(now)) {
            throw new WorkspaceException(
                    Code.INVALID_PATH,
                    dir + " changed while the file was being written (it" + " resolved to " + before + ", now to " + now
                            + "); nothing was written",
                    Map.of("path", dir.toString(), "rule", "parent changed during write"));
        }
        admit(now);
    }

    /** @return {confined, roots} for workspace_open's access facts */
    Map<String, Object> describe() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("confined", confined());
        facts.put("roots", roots.stream().map(Path::toString).toList());
        return facts;
    }

    /** Path.startsWith compares whole names, never string prefixes. A root behind a dangling symlink admits nothing. */
    private static boolean inside(Path real, Path root) {
        try {
            return real.startsWith(RealPath.of(root));
        } catch (WorkspaceException e) {
            return false;
        }
    }

    private WorkspaceException outside(Path path, Path real) {
        List<String> names = roots.stream().map(Path::toString).toList();
        return new WorkspaceException(
                Code.INVALID_PATH,
                path + (real.equals(path) ? "" : " (really " + real + ")")
                        + " is outside the workspace roots " + names + "; the operator confined the file tools to them"
                        + " (plugins.workspace.roots), comparing real paths with symlinks resolved",
                Map.of(
                        "path",
                        path.toString(),
                        "real_path",
                        real.toString(),
                        "roots",
                        names,
                        "rule",
                        "outside the workspace roots"));
    }
}
