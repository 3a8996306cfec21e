package dev.switchboard.plugin.workspace.application;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/** Where a write really lands: symlinks are followed to their target; a dangling symlink is refused. Stateless. */
final class FileTarget {

    private FileTarget() {}

    /**
     * @param path an absolute, normalised path
     * @return the real path of the existing file, or {@code path} itself when nothing exists there
     * @throws WorkspaceException {@link Code#INVALID_PATH} for a dangling symlink
     */
    static Path of(Path path) {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return path;
        }
        return RealPath.resolved(
                path, path, path + " is a symlink to a missing file; write to the target path" + " itself");
    }
}
