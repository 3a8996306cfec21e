package dev.switchboard.secretfiles;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The one rule for a file that holds a secret (the kernel's owner token, a mailbox role token, the PostgreSQL
 * password; the original channel CLI's rule, §1C.10): a <em>regular file</em>, looked at and opened
 * <em>without following a symbolic link</em> ({@code O_NOFOLLOW}), <em>owned by the user</em> running the process
 * ({@code user.name}), with <em>no group or other permission bits</em> (0600 or 0400), <em>not blank</em>, and read
 * whole as strict UTF-8. The attributes are read before the file is opened (so a FIFO is refused, never opened and
 * waited on) and again after, and a file whose identity changed in between is refused as not regular.
 *
 * <p>Stateless and thread-safe. Messages name the file and the rule, never the content.
 */
public final class SecretFile {

    /** The default cap of {@link #readOwnerOnly(Path)}, in bytes: far more than any token or password. */
    public static final int DEFAULT_MAX_BYTES = 64 * 1024;

    private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
            PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.GROUP_EXECUTE,
            PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE,
            PosixFilePermission.OTHERS_EXECUTE);

    private SecretFile() {}

    /**
     * Reads an owner-only secret file of at most {@link #DEFAULT_MAX_BYTES} bytes.
     *
     * @see #readOwnerOnly(Path, int)
     */
    public static String readOwnerOnly(Path file) throws SecretFileRefusal {
        return readOwnerOnly(file, DEFAULT_MAX_BYTES);
    }

    /**
     * Reads an owner-only secret file whole.
     *
     * @param file     the file; not null
     * @param maxBytes the largest size accepted, in bytes, at least 1
     * @return the whole content, decoded as UTF-8, unchanged (line ends and spaces kept); never blank
     * @throws SecretFileRefusal naming the {@link SecretFileRefusal.Reason} of the first rule the file breaks, in the
     *                           order missing, link, not regular, owner, mode bits, too large, unreadable, not UTF-8,
     *                           empty
     * @throws IllegalArgumentException if {@code maxBytes} is below 1
     */
    public static String readOwnerOnly(Path file, int maxBytes) throws SecretFileRefusal {
        Objects.requireNonNull(file, "file");
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be at least 1: " + maxBytes);
        }
        PosixFileAttributes before = attributes(file);
        check(file, before, maxBytes);
        byte[] content;
        try (SeekableByteChannel channel =
                Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            PosixFileAttributes after = attributes(file);
            if (!Objects.equals(before.fileKey(), after.fileKey())) {
                throw refused(file, SecretFileRefusal.Reason.NOT_REGULAR, "was replaced while it was opened");
            }
            check(file, after, maxBytes);
            ByteBuffer buffer = ByteBuffer.allocate(maxBytes + 1);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                // read until the end, or one byte past the cap
            }
            if (buffer.position() > maxBytes) {
                throw refused(file, SecretFileRefusal.Reason.TOO_LARGE, "is larger than " + maxBytes + " bytes");
            }
            content = new byte[buffer.position()];
            buffer.flip().get(content);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(content))
                    .toString();
        } catch (CharacterCodingException e) {
            throw refused(file, SecretFileRefusal.Reason.NOT_UTF8, "is not UTF-8 text");
        }
        if (text.isBlank()) {
            throw refused(file, SecretFileRefusal.Reason.EMPTY, "is empty");
        }
        return text;
    }

    /**
     * @param path a file or directory
     * @param options {@link LinkOption#NOFOLLOW_LINKS} to look at a link itself rather than its target
     * @return the group and others permissions it has (empty when it is owner-only); a new mutable set
     * @throws IOException if its permissions cannot be read
     * @throws UnsupportedOperationException if the file system has no POSIX permissions
     */
    public static Set<PosixFilePermission> groupOrOthersAccess(Path path, LinkOption... options) throws IOException {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        permissions.addAll(Files.getPosixFilePermissions(path, options));
        permissions.retainAll(GROUP_OR_OTHERS);
        return permissions;
    }

    private static PosixFileAttributes attributes(Path file) throws SecretFileRefusal {
        try {
            return Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            throw refused(file, SecretFileRefusal.Reason.MISSING, "does not exist");
        } catch (IOException | UnsupportedOperationException e) {
            throw unreadable(file, e);
        }
    }

    private static void check(Path file, PosixFileAttributes attributes, int maxBytes) throws SecretFileRefusal {
        if (attributes.isSymbolicLink()) {
            throw refused(file, SecretFileRefusal.Reason.LINK, "is a symbolic link");
        }
        if (!attributes.isRegularFile()) {
            throw refused(file, SecretFileRefusal.Reason.NOT_REGULAR, "is not a regular file");
        }
        ownedByThisProcess(file, attributes);
        Set<PosixFilePermission> loose = EnumSet.noneOf(PosixFilePermission.class);
        loose.addAll(attributes.permissions());
        loose.retainAll(GROUP_OR_OTHERS);
        if (!loose.isEmpty()) {
            throw refused(
                    file,
                    SecretFileRefusal.Reason.MODE_BITS,
                    "is accessible to group or others " + loose + " (chmod 600 it)");
        }
        if (attributes.size() > maxBytes) {
            throw refused(file, SecretFileRefusal.Reason.TOO_LARGE, "is larger than " + maxBytes + " bytes");
        }
    }

    /**
     * The owner is compared by numeric user id where the platform gives both ids: a process whose uid has no
     * {@code /etc/passwd} entry (a container's {@code runAsUser}) has {@code user.name} "?", which no owner's name
     * equals. Elsewhere the owner's name is compared with {@code user.name}.
     */
    private static void ownedByThisProcess(Path file, PosixFileAttributes attributes) throws SecretFileRefusal {
        OptionalLong uid = ProcessUser.uid();
        OptionalLong ownerUid = ownerUid(file);
        if (uid.isPresent() && ownerUid.isPresent()) {
            if (uid.getAsLong() != ownerUid.getAsLong()) {
                throw refused(
                        file,
                        SecretFileRefusal.Reason.OWNER,
                        "is owned by uid " + ownerUid.getAsLong() + " ("
                                + attributes.owner().getName() + "), not by this process's uid " + uid.getAsLong());
            }
            return;
        }
        String user = System.getProperty("user.name");
        String owner = attributes.owner().getName();
        if (!owner.equals(user)) {
            throw refused(file, SecretFileRefusal.Reason.OWNER, "is owned by " + owner + ", not by " + user);
        }
    }

    private static OptionalLong ownerUid(Path file) {
        try {
            return Files.getAttribute(file, "unix:uid", LinkOption.NOFOLLOW_LINKS) instanceof Integer uid
                    ? OptionalLong.of(Integer.toUnsignedLong(uid))
                    : OptionalLong.empty();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return OptionalLong.empty();
        }
    }

    /** The process's user id, looked up once; empty where the platform does not give it. */
    private static final class ProcessUser {
        private static final OptionalLong UID = lookUp();

        static OptionalLong uid() {
            return UID;
        }

        private static OptionalLong lookUp() {
            try {
                return OptionalLong.of(new com.sun.security.auth.module.UnixSystem().getUid());
            } catch (RuntimeException | LinkageError e) {
                // not a Unix JDK, or the jdk.security.auth module left out of the runtime: names are compared
                return OptionalLong.empty();
            }
        }
    }

    private static SecretFileRefusal unreadable(Path file, Exception e) {
        // ELOOP from O_NOFOLLOW when a link was put in place after the first look lands here too.
        if (Files.isSymbolicLink(file)) {
            return refused(file, SecretFileRefusal.Reason.LINK, "is a symbolic link");
        }
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return refused(file, SecretFileRefusal.Reason.UNREADABLE, "cannot be read: " + why);
    }

    private static SecretFileRefusal refused(Path file, SecretFileRefusal.Reason reason, String why) {
        return new SecretFileRefusal(file, reason, why);
    }
}
