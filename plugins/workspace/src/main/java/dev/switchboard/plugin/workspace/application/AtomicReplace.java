package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Replaces a file's content atomically: a temp file in the same directory, written, given the original permission
 * bits (0600 for a new file), fsynced, then the revision is checked once more and the temp file renamed over the
 * target; the directory is fsynced after. A reader sees the old or the new content, never a mix. The new inode loses
 * ownership, ACLs, xattrs and hard links, as in the original.
 *
 * <p>The directory is opened once, as a {@link SecureDirectoryStream} (an open directory descriptor), and checked to
 * be the very directory at the real path that was admitted before a byte is written; the temp file is created, and
 * renamed, relative to that descriptor. So a parent directory swapped for a symlink during the write never receives
 * the temp file, and the swap is caught before the rename. Where the platform offers no secure directory stream, the
 * temp file is created by path after the same check. Stateless; callers hold the path's lock.
 */
final class AtomicReplace {

    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-------");

    private AtomicReplace() {}

    /**
     * @param target      the real target path
     * @param bytes       the new content
     * @param expected    the revision the target must still have just before the rename
     * @param confinement the roots; the parent directory is checked against them before the temp file is created
     *                    and again just before the rename
     * @throws WorkspaceException {@link Code#REVISION_CONFLICT} when the file changed meanwhile (nothing written),
     *                            {@link Code#INVALID_PATH} when the parent moved or left the roots meanwhile,
     *                            {@link Code#EXECUTION_FAILED} on an I/O failure
     */
    static void replace(Path target, byte[] bytes, String expected, Confinement confinement) {
        Path named = target.getParent();
        Path name = target.getFileName();
        try {
            Set<PosixFilePermission> mode = Files.exists(target) ? Files.getPosixFilePermissions(target) : NEW_FILE;
            Files.createDirectories(named);
            // The temp file and the rename use the directory's real path as it is now, so both land in one place.
            Path dir = named.toRealPath();
            confinement.admit(dir);
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
                if (stream instanceof SecureDirectoryStream<Path> secure) {
                    Object key = secure.getFileAttributeView(BasicFileAttributeView.class)
                            .readAttributes()
                            .fileKey();
                    checkStillAt(named, dir, key);
                    replaceIn(secure, key, named, dir, name, bytes, mode, expected, target, confinement);
                } else {
                    replaceByPath(named, dir, name, bytes, mode, expected, target, confinement);
                }
            }
        } catch (IOException e) {
            throw new WorkspaceException(
                    Code.EXECUTION_FAILED,
                    "cannot write " + target + ": " + e.getMessage(),
                    Map.of("path", target.toString()));
        }
    }

    private static void replaceIn(
            SecureDirectoryStream<Path> dir,
            Object key,
            Path named,
            Path real,
            Path name,
            byte[] bytes,
            Set<PosixFilePermission> mode,
            String expected,
            Path target,
            Confinement confinement)
            throws IOException {
        Path temp = Path.of(".switchboard-" + UUID.randomUUID() + ".tmp");
        try {
            try (SeekableByteChannel channel = dir.newByteChannel(
                    temp,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                    PosixFilePermissions.asFileAttribute(NEW_FILE))) {
                writeAll(channel, bytes);
                ((FileChannel) channel).force(true);
            }
            dir.getFileAttributeView(temp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setPermissions(mode);
            Revisions.check(target, expected);
            checkStillAt(named, real, key);
            confinement.recheck(named, real);
            dir.move(temp, dir, name);
            temp = null;
            try (SeekableByteChannel self = dir.newByteChannel(Path.of("."), Set.of(StandardOpenOption.READ))) {
                ((FileChannel) self).force(true);
            }
        } finally {
            if (temp != null) {
                try {
                    dir.deleteFile(temp);
                } catch (IOException e) {
                    // Gone already, or not created; the refusal already went out.
                }
            }
        }
    }

    private static void replaceByPath(
            Path named,
            Path dir,
            Path name,
            byte[] bytes,
            Set<PosixFilePermission> mode,
            String expected,
            Path target,
            Confinement confinement)
            throws IOException {
        Path temp = dir.resolve(".switchboard-" + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(
                    temp,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PosixFilePermissions.asFileAttribute(NEW_FILE))) {
                writeAll(channel, bytes);
                channel.force(true);
            }
            Files.setPosixFilePermissions(temp, mode);
            Revisions.check(target, expected);
            confinement.recheck(named, dir);
            Files.move(temp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
                directory.force(true);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * The opened directory must be the one at its real path, reached without a symlink: otherwise it was swapped
     * between the check and the open (or since), and nothing may be written.
     */
    private static void checkStillAt(Path named, Path real, Object key) {
        Object now;
        boolean same;
        try {
            BasicFileAttributes attributes =
                    Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            now = attributes.fileKey();
            same = attributes.isDirectory()
                    && Objects.equals(now, key)
                    && real.toRealPath().equals(real)
                    && named.toRealPath().equals(real);
        } catch (IOException e) {
            same = false;
        }
        if (!same) {
            throw new WorkspaceException(
                    Code.INVALID_PATH,
                    named + " changed while the file was being written (it" + " is no longer the directory " + real
                            + "); nothing was written",
                    Map.of("path", named.toString(), "rule", "parent changed during write"));
        }
    }

    private static void writeAll(WritableByteChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }
}
