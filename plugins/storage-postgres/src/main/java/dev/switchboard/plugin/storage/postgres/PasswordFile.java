package dev.switchboard.plugin.storage.postgres;

import java.nio.file.Path;

import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.secretfiles.SecretFile;
import dev.switchboard.secretfiles.SecretFileRefusal;

/**
 * Reads the database password from an owner-only file, by the shared rule ({@link SecretFile}): a regular file, not a
 * symbolic link, owned by the user running the server, that neither group nor others may read or write (mode 0600 or
 * 0400), holding the password in UTF-8 on its first line (a trailing line end is dropped). Messages name the file,
 * never its content. Stateless.
 */
final class PasswordFile {

    private PasswordFile() {}

    /**
     * @param file the password file, absolute
     * @return the password, not empty
     * @throws StorageException if the file is missing, a symbolic link, not a regular file, owned by another user,
     *                          readable or writable by group or others, empty (its first line included), or not UTF-8
     */
    static String read(Path file) {
        String content;
        try {
            content = SecretFile.readOwnerOnly(file);
        } catch (SecretFileRefusal e) {
            throw refused(file, why(file, e));
        }
        String password = content.lines().findFirst().orElse("");
        if (password.isEmpty()) {
            throw refused(file, "is empty");
        }
        return password;
    }

    private static String why(Path file, SecretFileRefusal e) {
        return switch (e.reason()) {
            case MISSING, LINK, NOT_REGULAR -> "is missing or not a regular file (a symbolic link is refused too)";
            case MODE_BITS -> "is open to group or others; make it owner-only: chmod 600 " + file;
            case NOT_UTF8 -> "is not UTF-8 text";
            case OWNER, TOO_LARGE, UNREADABLE, EMPTY -> e.detail();
        };
    }

    private static StorageException refused(Path file, String why) {
        return new StorageException(
                "the PostgreSQL password file " + file + " (plugins.storage-postgres.password-file) " + why);
    }
}
