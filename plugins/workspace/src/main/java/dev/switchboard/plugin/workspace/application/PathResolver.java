package dev.switchboard.plugin.workspace.application;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Turns a tool's {@code path} argument into an absolute path: {@code ~} and {@code ~/...} from the home directory,
 * relative paths from the workspace's directory, absolute paths as given (a path outside the workspace is allowed, as
 * in the original). Symlinks are not resolved here. Stateless.
 */
final class PathResolver {

    private PathResolver() {
    }

    /**
     * @param base the directory relative paths start from
     * @param home the home directory
     * @param path the argument
     * @return the absolute, normalised path
     * @throws WorkspaceException {@link Code#INVALID_PATH} for a path with NUL or one the file system cannot name
     */
    static Path resolve(Path base, Path home, String path) {
        if (path.indexOf('\0') >= 0) {
            throw new WorkspaceException(Code.INVALID_PATH, "the path contains a NUL character");
        }
        try {
            if (path.equals("~")) {
                return home.toAbsolutePath().normalize();
            }
            if (path.startsWith("~/")) {
                return home.resolve(path.substring(2)).toAbsolutePath().normalize();
            }
            return base.resolve(path).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new WorkspaceException(Code.INVALID_PATH, "not a valid path: " + e.getReason());
        }
    }
}
