package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * The canonical real path of a path that may not exist yet: every symlink resolved for the part that exists (the
 * nearest existing ancestor), and the missing names appended as they are. Stateless.
 */
final class RealPath {

    private RealPath() {}

    /**
     * @param path an absolute, normalised path (no {@code ..})
     * @return its real path
     * @throws WorkspaceException {@link Code#INVALID_PATH} when a symlink on the way points to nothing,
     *                            {@link Code#EXECUTION_FAILED} when the path cannot be inspected
     */
    static Path of(Path path) {
        Deque<Path> missing = new ArrayDeque<>();
        Path existing = path;
        while (existing.getParent() != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.push(existing.getFileName());
            existing = existing.getParent();
        }
        Path real = resolved(
                existing,
                path,
                existing + " is a symlink to a missing file, so where " + path + " lands cannot be checked");
        while (!missing.isEmpty()) {
            real = real.resolve(missing.pop());
        }
        return real;
    }

    /**
     * @param existing        a path that exists (possibly as a dangling symlink)
     * @param named           the path the caller was given, named in the error details
     * @param danglingMessage what to say when it is a symlink to a missing file
     * @return its real path
     * @throws WorkspaceException {@link Code#INVALID_PATH} with {@code danglingMessage} for a dangling symlink,
     *                            {@link Code#EXECUTION_FAILED} when it cannot be inspected
     */
    static Path resolved(Path existing, Path named, String danglingMessage) {
        try {
            return existing.toRealPath();
        } catch (NoSuchFileException e) {
            throw new WorkspaceException(Code.INVALID_PATH, danglingMessage, Map.of("path", named.toString()));
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot resolve " + existing + ": " + e.getMessage(),
                    Map.of("path", named.toString()));
        }
    }
}
