package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * A whole file's bytes and revision, read only from a regular file of at most {@value #MAX_BYTES} bytes. The file is
 * opened through {@link RegularFile}, so a FIFO or device (also one swapped in at the last moment) is refused without
 * blocking. Symlinks are followed.
 *
 * @param path     the file read
 * @param bytes    its bytes
 * @param revision {@code sha256:<hex>} of the bytes
 */
record FileSnapshot(Path path, byte[] bytes, String revision) {

    /** The read cap: 32 MiB. */
    static final long MAX_BYTES = 32L * 1024 * 1024;

    /**
     * @param path an absolute path
     * @return the file's snapshot
     * @throws WorkspaceException {@link Code#UNSUPPORTED_FILE}, {@link Code#FILE_TOO_LARGE}, or
     *                            {@link Code#EXECUTION_FAILED} when it is missing or unreadable
     */
    static FileSnapshot read(Path path) {
        FileSnapshot snapshot = readIfPresent(path);
        if (snapshot == null) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED, "no such file: " + path, Map.of("path", path.toString()));
        }
        return snapshot;
    }

    /**
     * @param path an absolute path
     * @return the snapshot, or null when nothing exists at the path
     * @throws WorkspaceException as {@link #read}, but for a missing file
     */
    static FileSnapshot readIfPresent(Path path) {
        try (RegularFile file = RegularFile.open(path)) {
            if (file == null) {
                return null;
            }
            if (file.attributes().size() > MAX_BYTES) {
                throw tooLarge(path, file.attributes().size());
            }
            byte[] bytes = file.content().readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw tooLarge(path, bytes.length);
            }
            return new FileSnapshot(path, bytes, Revision.of(bytes));
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot read " + path + ": " + e.getMessage(),
                    Map.of("path", path.toString()));
        }
    }

    /**
     * @param path an absolute path
     * @return its revision, or {@link Revision#MISSING}
     */
    static String revisionOf(Path path) {
        FileSnapshot snapshot = readIfPresent(path);
        return snapshot == null ? Revision.MISSING : snapshot.revision();
    }

    /**
     * A file's bytes for scanning many files: at most {@code size} bytes (the size a directory walk saw), so a file
     * that grew since is read only up to that size; opened as {@link RegularFile} does, so a swapped-in FIFO is
     * passed over at once. Symlinks are followed.
     *
     * @param path a regular file
     * @param size its size in bytes, at most {@link #MAX_BYTES}
     * @return its bytes, or null when it cannot be read or is no longer a regular file
     */
    static byte[] bytesOf(Path path, long size) {
        try (RegularFile file = RegularFile.open(path)) {
            return file == null ? null : file.content().readNBytes((int) Math.min(size, MAX_BYTES));
        } catch (IOException | WorkspaceException e) {
            return null;
        }
    }

    /**
     * @param path an absolute path
     * @return its size in bytes (following symlinks), or {@link Long#MAX_VALUE} when it cannot be inspected
     */
    static long sizeOf(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    private static WorkspaceException tooLarge(Path path, long size) {
        return new WorkspaceException(
                Code.FILE_TOO_LARGE,
                path + " has " + size + " bytes; the read limit is " + MAX_BYTES + " bytes (32 MiB)",
                Map.of("path", path.toString(), "size", size, "limit", MAX_BYTES));
    }
}
