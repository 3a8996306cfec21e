package dev.switchboard.kernel.auth;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Owner-only files holding secrets. A secret is written into a temporary file that is created 0600 (so it is never
 * readable by others, not even for a moment), forced to disk, and then moved into place in one step, so readers see
 * the old content or the new one, never a partial file. Missing directories are created 0700. Reading one is
 * {@link dev.switchboard.secretfiles.SecretFile}'s. Stateless.
 */
final class SecretFiles {

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_FILE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_DIRECTORY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

    private SecretFiles() {}

    /**
     * Writes {@code secret} (plus a newline) to {@code file}, replacing what was there.
     *
     * @throws IOException if the directory or file cannot be written
     */
    static void replace(Path file, String secret) throws IOException {
        Path staged = stage(file, secret);
        try {
            Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(staged);
        }
    }

    /**
     * Writes {@code secret} (plus a newline) to {@code file} only if no such file exists; two processes racing to
     * create it end up with the same single file, the first one's.
     *
     * @return true if this call created the file, false if it already existed
     * @throws IOException if the directory or file cannot be written
     */
    static boolean createIfAbsent(Path file, String secret) throws IOException {
        Path staged = stage(file, secret);
        try {
            // A hard link fails atomically when the name is taken, unlike a rename, which would replace the winner.
            Files.createLink(file, staged);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (IOException | UnsupportedOperationException e) {
            return moveIfAbsent(staged, file);
        } finally {
            Files.deleteIfExists(staged);
        }
    }

    /** For file systems without hard links: a move without REPLACE_EXISTING still refuses to replace a file. */
    private static boolean moveIfAbsent(Path staged, Path file) throws IOException {
        try {
            Files.move(staged, file);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    private static Path stage(Path file, String secret) throws IOException {
        Path directory = file.toAbsolutePath().getParent();
        Files.createDirectories(directory, OWNER_ONLY_DIRECTORY);
        Path staged = Files.createTempFile(directory, "." + file.getFileName() + ".", ".tmp", OWNER_ONLY_FILE);
        try (FileChannel channel = FileChannel.open(staged, StandardOpenOption.WRITE)) {
            ByteBuffer bytes = ByteBuffer.wrap((secret + "\n").getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(staged);
            throw e;
        }
        return staged;
    }
}
