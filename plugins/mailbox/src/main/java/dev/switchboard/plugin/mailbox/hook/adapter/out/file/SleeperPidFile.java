package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SleeperSlots;

/**
 * {@code hook wake}'s slots as pid files in the state directory, {@code .wake-<key>.pid} (the holder's process id and
 * a newline while it sleeps, empty afterwards), each held by an exclusive lock of the operating system on the open
 * file. A live holder keeps its lock, so a second sleeper finds it taken and leaves at once; a holder that died (killed
 * at a client's timeout, at the session's end) lost its lock with its process, so its stale file is taken over and
 * rewritten. The file is never deleted (a sleeper that opened it just before would lock a file no longer at the path)
 * and never opened a second time while held (closing any descriptor of a file drops the process's POSIX locks on it).
 * Within one process, where the operating system's lock would be shared, a set of the held files decides.
 * Thread-safe.
 */
public final class SleeperPidFile implements SleeperSlots {

    /** The files this process holds: the operating system's locks are per process, this set is per slot. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path dir;

    @Inject
    SleeperPidFile(HookSettings settings) {
        this(settings.stateDir());
    }

    /** @param dir the directory of the pid files (the state directory) */
    SleeperPidFile(Path dir) {
        this.dir = dir;
    }

    @Override
    public Optional<Slot> take(String key) {
        Path file = file(key).toAbsolutePath();
        if (!HELD.add(file)) {
            return Optional.empty();
        }
        Optional<Slot> slot = Optional.empty();
        try {
            slot = lock(file);
            return slot;
        } finally {
            if (slot.isEmpty()) {
                HELD.remove(file);
            }
        }
    }

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private static Optional<Slot> lock(Path file) {
        String pid = ProcessHandle.current().pid() + "\n";
        FileChannel channel = null;
        try {
            Files.createDirectories(file.getParent());
            channel = FileChannel.open(
                    file,
                    Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE),
                    OWNER_ONLY); // created 0600, as every file of the state directory
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                return Optional.empty();
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(pid.getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
            FileChannel held = channel;
            FileLock heldLock = lock;
            return Optional.of(() -> release(file, held, heldLock));
        } catch (IOException e) {
            closeQuietly(channel);
            throw new UncheckedIOException("cannot take the wake hook's pid file " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the pid file of a key (for messages and tests) */
    public Path file(String key) {
        return dir.resolve(".wake-" + key.replaceAll("[^A-Za-z0-9_.-]", "_") + ".pid");
    }

    private static void release(Path file, FileChannel channel, FileLock lock) {
        try {
            channel.truncate(0);
        } catch (IOException e) {
            // A pid left behind is stale: its lock goes with this process, and the next sleeper takes it over.
        }
        try {
            lock.release();
        } catch (IOException e) {
            // Closing the channel below releases it too.
        }
        closeQuietly(channel);
        HELD.remove(file);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing is left to do with a channel that does not close.
        }
    }
}
