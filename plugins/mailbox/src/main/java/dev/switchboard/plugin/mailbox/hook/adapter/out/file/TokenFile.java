package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.TokenSource;

/**
 * Reads a role token file as the original's CLI does: opened without following a symbolic link
 * ({@link LinkOption#NOFOLLOW_LINKS}, {@code O_NOFOLLOW}), and refused unless it is a regular file owned by the user
 * running the command, with no group or other permission bits, holding at most 4 KiB and not empty. The checks are
 * made on the opened file's attributes, read without following links. Stateless and thread-safe.
 */
public final class TokenFile implements TokenSource {

    private static final int MAX_BYTES = 4096;
    private static final Set<PosixFilePermission> GROUP_OR_OTHER = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    @Override
    public String read(Path file) {
        try (SeekableByteChannel channel =
                Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            PosixFileAttributes attributes =
                    Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                throw refused(file, "is not a regular file");
            }
            String user = System.getProperty("user.name");
            if (!attributes.owner().getName().equals(user)) {
                throw refused(file, "is owned by " + attributes.owner().getName() + ", not by " + user);
            }
            if (attributes.permissions().stream().anyMatch(GROUP_OR_OTHER::contains)) {
                throw refused(file, "is readable or writable by others (chmod 600 it)");
            }
            if (attributes.size() > MAX_BYTES) {
                throw refused(file, "is larger than " + MAX_BYTES + " bytes");
            }
            ByteBuffer buffer = ByteBuffer.allocate(MAX_BYTES + 1);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // read until the end or the cap
            }
            String token = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8).strip();
            if (token.isEmpty()) {
                throw refused(file, "is empty");
            }
            return token;
        } catch (NoSuchFileException e) {
            throw refused(file, "does not exist");
        } catch (IOException e) {
            // ELOOP from O_NOFOLLOW on a symbolic link lands here ("Too many levels of symbolic links").
            throw refused(
                    file, Files.isSymbolicLink(file) ? "is a symbolic link" : "cannot be read: " + e.getMessage());
        }
    }

    private static HookFailure refused(Path file, String why) {
        return new HookFailure(HookFailure.Kind.SETUP, "the token file " + file + " " + why);
    }
}
