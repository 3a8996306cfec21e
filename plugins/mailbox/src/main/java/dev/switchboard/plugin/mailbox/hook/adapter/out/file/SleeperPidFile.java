package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Inject;

import dev.switchboard.plugin.mailbox.hook.application.HookSettings;
import dev.switchboard.plugin.mailbox.hook.application.port.out.SleeperSlots;

/**
 * {@code hook wake}'s slots: each an exclusive lock of the operating system on one byte of the state directory's
 * {@value #LOCK_FILE} (at an offset hashed from the key, past the end of the empty file), and, while it is held, a pid
 * file {@code .wake-<key>.pid} holding the holder's process id and a newline. A live holder keeps its lock, so a second
 * sleeper finds it taken and leaves at once; a holder that died (killed at a client's timeout, at the session's end)
 * lost its lock with its process, and its stale pid file is rewritten by the next holder. A holder removes its pid file
 * when it ends, and at the JVM's shutdown (a shutdown hook: a SIGTERM, as a client cancelling the hook sends, or an
 * exit while it holds the slot), while it still holds the lock and only if the file still names this process, so nothing is left
 * behind but the one lock file, which is never deleted (a taker that opened it just before a deletion would lock a file
 * no longer at the path). The lock file is opened once per process and never closed: closing any descriptor of a file
 * drops the process's POSIX locks on it. Within one process, where the operating system's locks would be shared, a set
 * of the held keys decides. Two keys whose offsets collide (64-bit FNV-1a, 62 bits kept) share a slot. Thread-safe.
 */
public final class SleeperPidFile implements SleeperSlots {

    /** The one lock file of the state directory, never deleted. */
    public static final String LOCK_FILE = ".wake.lock";

    /** The pid files this process holds the slots of: the operating system's locks are per process. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    /** The lock files this process has open, each once, never closed. */
    private static final Map<Path, FileChannel> LOCKS = new ConcurrentHashMap<>();

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

    private final Path dir;

    @Inject
    SleeperPidFile(HookSettings settings) {
        this(settings.stateDir());
    }

    /** @param dir the directory of the lock and pid files (the state directory) */
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
            slot = lock(file, offset(key));
            return slot;
        } finally {
            if (slot.isEmpty()) {
                HELD.remove(file);
            }
        }
    }

    private static Optional<Slot> lock(Path file, long offset) {
        String pid = ProcessHandle.current().pid() + "\n";
        try {
            FileLock lock;
            try {
                lock = lockFile(file.resolveSibling(LOCK_FILE)).tryLock(offset, 1, false);
            } catch (OverlappingFileLockException e) {
                return Optional.empty(); // another key of this process whose offset collides holds it
            }
            if (lock == null) {
                return Optional.empty();
            }
            try {
                try (SeekableByteChannel out = Files.newByteChannel(
                        file,
                        Set.of(
                                StandardOpenOption.CREATE,
                                StandardOpenOption.TRUNCATE_EXISTING,
                                StandardOpenOption.WRITE),
                        OWNER_ONLY)) { // created 0600, as every file of the state directory
                    out.write(ByteBuffer.wrap(pid.getBytes(StandardCharsets.US_ASCII)));
                }
            } catch (IOException e) {
                releaseQuietly(lock);
                throw e;
            }
            // killed by SIGTERM (a client cancelling the hook), the process still removes its pid file
            Thread onExit = new Thread(() -> removeIfOurs(file, pid), "wake-pid-file");
            Runtime.getRuntime().addShutdownHook(onExit);
            return Optional.of(() -> {
                try {
                    Runtime.getRuntime().removeShutdownHook(onExit);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook removes the file too, if it is still ours
                }
                release(file, pid, lock);
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot take the wake hook's pid file " + file + ": " + e.getMessage(), e);
        }
    }

    private static FileChannel lockFile(Path path) throws IOException {
        try {
            return LOCKS.computeIfAbsent(path, p -> {
                try {
                    Files.createDirectories(p.getParent());
                    return FileChannel.open(p, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), OWNER_ONLY);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** @return the pid file of a key (for messages and tests) */
    public Path file(String key) {
        return dir.resolve(".wake-" + key.replaceAll("[^A-Za-z0-9_.-]", "_") + ".pid");
    }

    /** @return the key's byte of the lock file: 64-bit FNV-1a of its UTF-8 bytes, 62 bits kept */
    static long offset(String key) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        return hash & 0x3fff_ffff_ffff_ffffL;
    }

    private static void release(Path file, String pid, FileLock lock) {
        removeIfOurs(file, pid);
        releaseQuietly(lock);
        HELD.remove(file);
    }

    /** Deletes the pid file if it still names this process (the lock is held meanwhile: no other holder writes it). */
    private static void removeIfOurs(Path file, String pid) {
        try {
            if (Files.readString(file, StandardCharsets.US_ASCII).equals(pid)) {
                Files.delete(file);
            }
        } catch (IOException e) {
            // A pid file left behind is stale: the next holder of the lock rewrites it.
        }
    }

    private static void releaseQuietly(FileLock lock) {
        try {
            lock.release();
        } catch (IOException e) {
            // The lock goes with this process at the latest.
        }
    }
}
