package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.Revision;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * A whole file's bytes and revision, read only from a regular file of at most {@value #MAX_BYTES} bytes. The type is
 * checked from the attributes before the file is opened, so a FIFO or device is refused without blocking. Symlinks
 * are followed.
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
        BasicFileAttributes attributes = attributes(path);
        if (attributes == null) {
            throw new WorkspaceException(Code.EXECUTION_FAILED, "no such file: " + path,
                    Map.of("path", path.toString()));
        }
        if (!attributes.isRegularFile()) {
            throw new WorkspaceException(Code.UNSUPPORTED_FILE, path + " is not a regular file (a directory, FIFO,"
                    + " device or socket); only regular files can be read", Map.of("path", path.toString()));
        }
        if (attributes.size() > MAX_BYTES) {
            throw tooLarge(path, attributes.size());
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw tooLarge(path, bytes.length);
            }
            return new FileSnapshot(path, bytes, Revision.of(bytes));
        } catch (IOException e) {
            throw new WorkspaceException(Code.EXECUTION_FAILED, "cannot read " + path + ": " + e.getMessage(),
                    Map.of("path", path.toString()));
        }
    }

    /**
     * @param path an absolute path
     * @return the snapshot, or null when nothing exists at the path
     */
    static FileSnapshot readIfPresent(Path path) {
        return attributes(path) == null ? null : read(path);
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
     * A file's bytes for scanning many files fast: at most {@code size} bytes (the size a directory walk saw) read
     * with one {@code read} call for a small file and no size or position queries, so a file that grew since is
     * read only up to that size. Symlinks are followed.
     *
     * @param path a regular file
     * @param size its size in bytes, at most {@link #MAX_BYTES}
     * @return its bytes, or null when it cannot be read
     */
    static byte[] bytesOf(Path path, long size) {
        byte[] bytes = new byte[(int) Math.min(size, MAX_BYTES)];
        if (bytes.length == 0) {
            return bytes;
        }
        int filled = 0;
        try (RandomAccessFile file = new RandomAccessFile(path.toFile(), "r")) {
            int n;
            while (filled < bytes.length && (n = file.read(bytes, filled, bytes.length - filled)) > 0) {
                filled += n;
            }
        } catch (IOException e) {
            return null;
        }
        return filled == bytes.length ? bytes : Arrays.copyOf(bytes, filled);
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

    private static BasicFileAttributes attributes(Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new WorkspaceException(Code.EXECUTION_FAILED, "cannot inspect " + path + ": " + e.getMessage(),
                    Map.of("path", path.toString()));
        }
    }

    private static WorkspaceException tooLarge(Path path, long size) {
        return new WorkspaceException(Code.FILE_TOO_LARGE, path + " has " + size + " bytes; the read limit is "
                + MAX_BYTES + " bytes (32 MiB)", Map.of("path", path.toString(), "size", size, "limit", MAX_BYTES));
    }
}
