package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * Replaces a file's content atomically: a temp file in the same directory, written, given the original permission
 * bits (0600 for a new file), fsynced, then the revision is checked once more and the temp file renamed over the
 * target; the directory is fsynced after. A reader sees the old or the new content, never a mix. The new inode loses
 * ownership, ACLs, xattrs and hard links, as in the original. Stateless; callers hold the path's lock.
 */
final class AtomicReplace {

    private static final Set<PosixFilePermission> NEW_FILE = PosixFilePermissions.fromString("rw-------");

    private AtomicReplace() {
    }

    /**
     * @param target   the real target path
     * @param bytes    the new content
     * @param expected    the revision the target must still have just before the rename
     * @param confinement the roots; the parent directory is checked against them again just before the rename
     * @throws WorkspaceException {@link Code#REVISION_CONFLICT} when the file changed meanwhile (nothing written),
     *                            {@link Code#INVALID_PATH} when the parent moved or left the roots meanwhile,
     *                            {@link Code#EXECUTION_FAILED} on an I/O failure
     */
    static void replace(Path target, byte[] bytes, String expected, Confinement confinement) {
        Path named = target.getParent();
        Path temp = null;
        try {
            Set<PosixFilePermission> mode = Files.exists(target) ? Files.getPosixFilePermissions(target) : NEW_FILE;
            Files.createDirectories(named);
            // The temp file and the rename use the directory's real path as it is now, so both land in one place.
            Path dir = named.toRealPath();
            temp = dir.resolve(".switchboard-" + UUID.randomUUID() + ".tmp");
            try (FileChannel channel = FileChannel.open(temp, Set.of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(NEW_FILE))) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            Files.setPosixFilePermissions(temp, mode);
            String current = FileSnapshot.revisionOf(target);
            if (!current.equals(expected)) {
                throw Revisions.conflict(target, expected, current);
            }
            confinement.recheck(named, dir);
            Files.move(temp, dir.resolve(target.getFileName()), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
            try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
                directory.force(true);
            }
        } catch (IOException e) {
            throw new WorkspaceException(Code.EXECUTION_FAILED, "cannot write " + target + ": " + e.getMessage(),
                    Map.of("path", target.toString()));
        } finally {
            try {
                if (temp != null) {
                    Files.deleteIfExists(temp);
                }
            } catch (IOException e) {
                // The temp file is only litter once the rename failed; the refusal already went out.
            }
        }
    }
}
