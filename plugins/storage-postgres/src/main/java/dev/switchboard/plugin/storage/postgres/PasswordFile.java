package dev.switchboard.plugin.storage.postgres;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

import dev.switchboard.ports.storage.StorageException;

/**
 * Reads the database password from an owner-only file: a regular file that neither group nor others may read or
 * write (mode 0600 or 0400), holding the password in UTF-8 on its first line (a trailing line end is dropped).
 * Messages name the file, never its content. Stateless.
 */
final class PasswordFile {

    private static final Set<PosixFilePermission> GROUP_OR_OTHER = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private PasswordFile() {}

    /**
     * @param file the password file, absolute
     * @return the password, not empty
     * @throws StorageException if the file is missing, not a regular file, readable or writable by group or others,
     *                          empty, or not UTF-8
     */
    static String read(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                throw refused(file, "is missing or not a regular file (a symbolic link is refused too)");
            }
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
            if (permissions.stream().anyMatch(GROUP_OR_OTHER::contains)) {
                throw refused(file, "is open to group or others; make it owner-only: chmod 600 " + file);
            }
            String content = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
            String password = content.lines().findFirst().orElse("");
            if (password.isEmpty()) {
                throw refused(file, "is empty");
            }
            return password;
        } catch (CharacterCodingException e) {
            throw refused(file, "is not UTF-8 text");
        } catch (IOException | UnsupportedOperationException e) {
            throw refused(file, "cannot be read: " + e.getClass().getSimpleName());
        }
    }

    private static StorageException refused(Path file, String why) {
        return new StorageException(
                "the PostgreSQL password file " + file + " (plugins.storage-postgres.password-file) " + why);
    }
}
