package dev.switchboard.plugin.storage.postgres;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PasswordSource;
import dev.switchboard.ports.storage.StorageException;

/**
 * The password of {@code plugins.storage-postgres.password-file}, followed while the server runs: each
 * {@link #current()} looks at the file's metadata (modification time, size, file key: one {@code stat}, no read) and
 * reads it again, by {@link PasswordFile}'s owner-only rule, when they changed; {@link #refresh()} reads it whatever
 * they say (after a refused login). A file that cannot be read then (missing for a moment while it is replaced, or
 * open to others) keeps the password last read, with one WARN line until it is readable again. Thread-safe.
 */
final class WatchedPasswordFile implements PasswordSource {

    private static final Logger LOG = LoggerFactory.getLogger(WatchedPasswordFile.class);

    private final Path file;
    private final ReentrantLock lock = new ReentrantLock();
    private Optional<String> password;
    private Stamp stamp;
    private boolean unreadable;

    /**
     * @param file     the password file, absolute
     * @param password its content as read when the storage opened (by {@link PostgresSettings#from})
     */
    WatchedPasswordFile(Path file, Optional<String> password) {
        this.file = Objects.requireNonNull(file, "file");
        this.password = Objects.requireNonNull(password, "password");
        this.stamp = Stamp.of(file);
    }

    @Override
    public Optional<String> current() {
        lock.lock();
        try {
            Stamp now = Stamp.of(file);
            if (!now.equals(stamp)) {
                read(now);
            }
            return password;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean refresh() {
        lock.lock();
        try {
            Optional<String> before = password;
            read(Stamp.of(file));
            return !password.equals(before);
        } finally {
            lock.unlock();
        }
    }

    private void read(Stamp now) {
        try {
            Optional<String> read = Optional.of(PasswordFile.read(file));
            if (!read.equals(password)) {
                LOG.info("read the new PostgreSQL password from {}", file);
            }
            password = read;
            stamp = now;
            unreadable = false;
        } catch (StorageException e) {
            if (!unreadable) {
                LOG.warn("{}; the password read before is kept until the file can be read", e.getMessage());
                unreadable = true;
            }
        }
    }

    /** What {@code stat} says of the file; {@link #ABSENT} when it cannot be read. */
    private record Stamp(long modifiedNanos, long size, Object key) {

        static final Stamp ABSENT = new Stamp(-1, -1, null);

        static Stamp of(Path file) {
            try {
                BasicFileAttributes attributes =
                        Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                return new Stamp(
                        attributes.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS),
                        attributes.size(),
                        attributes.fileKey());
            } catch (IOException e) {
                return ABSENT;
            }
        }
    }
}
