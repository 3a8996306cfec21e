package dev.switchboard.plugin.workspace.application;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Turns a tool's {@code path} argument into an absolute path: {@code ~} and {@code ~/...} from the home directory,
 * relative paths from the workspace's directory, absolute paths as given (a path outside the workspace is allowed, as
 * in the original). Symlinks are not resolved here. Stateless.
 */
final class PathResolver {

    private PathResolver() {}

    /**
     * @param base the directory relative paths start from
     * @param home the home directory
     * @param path the argument
     * @return the absolute, normalised path
     * @throws WorkspaceException {@link Code#INVALID_PATH} for a path with NUL, another C0 control character or DEL,
     *                            or one the file system cannot name
     */
    static Path resolve(Path base, Path home, String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                throw new WorkspaceException(
                        Code.INVALID_PATH,
                        "the path contains the control character U+"
                                + String.format("%04X", (int) c) + " at index " + i
                                + "; paths may not hold NUL or other"
                                + " C0 control characters (U+0000 to U+001F, U+007F)",
                        Map.of("index", i));
            }
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
