package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * What {@code write} and {@code edit} check before they replace a file by rename, which would otherwise succeed on
 * anything the directory lets them replace: the target (symlinks followed) must be missing or a regular file
 * ({@link Code#UNSUPPORTED_FILE} otherwise, saying it cannot be written), and a file whose mode has no owner write bit
 * (such as 0444), or that this account may not write, is refused with {@link Code#FILE_READ_ONLY}, as an editor
 * refuses it, instead of being replaced with a new file of the same mode. A file with more than one hard link is
 * replaced (the rename keeps the change atomic), and the answer says how many other names still show the old content.
 * Stateless.
 */
final class ReplaceableFile {

    private ReplaceableFile() {}

    /**
     * @param target the path to be replaced (symlinks are followed)
     * @param tool   {@code write} or {@code edit}, for the message
     * @return how many other hard links the file has (0 for a new file or a single link); they keep the old content
     * @throws WorkspaceException {@link Code#UNSUPPORTED_FILE} for a directory, FIFO, device or socket;
     *                            {@link Code#FILE_READ_ONLY} for a read-only file; {@link Code#EXECUTION_FAILED} when
     *                            it cannot be inspected
     */
    static int check(Path target, String tool) {
        PosixFileAttributes attributes;
        int links;
        try {
            attributes = Files.readAttributes(target, PosixFileAttributes.class);
            links = ((Number) Files.getAttribute(target, "unix:nlink")).intValue();
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot inspect " + target + " before the " + tool + ": " + e.getMessage()
                            + "; nothing was written",
                    Map.of("path", target.toString()));
        }
        if (!attributes.isRegularFile()) {
            throw new WorkspaceException(
                    Code.UNSUPPORTED_FILE,
                    target + " is " + kind(attributes) + ", not a regular file; " + tool
                            + " replaces regular files only, and nothing was written",
                    Map.of("path", target.toString()));
        }
        if (!attributes.permissions().contains(PosixFilePermission.OWNER_WRITE) || !Files.isWritable(target)) {
            String mode = PosixFilePermissions.toString(attributes.permissions());
            throw new WorkspaceException(
                    Code.FILE_READ_ONLY,
                    target + " is read-only (mode " + mode + ", owner "
                            + attributes.owner().getName()
                            + "); nothing was written. If it should change, make it writable first (for example with"
                            + " bash: chmod u+w), then read it again and retry with a new request_key",
                    Map.of("path", target.toString(), "mode", mode));
        }
        return Math.max(0, links - 1);
    }

    private static String kind(PosixFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a directory";
        }
        return "a FIFO, device or socket";
    }
}
