package dev.switchboard.kernel.transport;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * A live server's claim on its attach files (ADR 32): the life lock {@code <key>.lock}, held from {@link #claim}
 * until {@link #close}, which makes a socket file there this server's (a client that finds the lock free knows a
 * socket file is stale); and the description {@code <key>.json}, written once the transports serve. {@link #close}
 * removes the description, the socket and the lock file, then releases the lock. Thread-safe; close is idempotent.
 */
public final class AttachServerFiles implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AttachServerFiles.class);
    private static final FileAttribute<?> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AttachPaths paths;
    private final FileChannel lockFile;
    private final FileLock lock;
    private final AtomicBoolean closed = new AtomicBoolean();

    private AttachServerFiles(AttachPaths paths, FileChannel lockFile, FileLock lock) {
        this.paths = paths;
        this.lockFile = lockFile;
        this.lock = lock;
    }

    /**
     * Creates the attach directory (0700), takes the key's life lock, and removes a socket and a description left
     * by a server that died.
     *
     * @param paths the server's files
     * @return the claim, to close at exit
     * @throws AttachUnavailableException if the socket path is too long, the directory cannot be created or written
     *                                    (read-only), or another live server holds the lock
     */
    public static AttachServerFiles claim(AttachPaths paths) {
        if (!paths.socketFits()) {
            throw new AttachUnavailableException("the attach socket path " + paths.socket() + " is longer than "
                    + AttachPaths.MAX_SOCKET_PATH_BYTES + " bytes; choose a shorter --state-dir");
        }
        FileChannel channel = null;
        try {
            paths.createDirectory();
            channel = FileChannel.open(
                    paths.serverLock(),
                    java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                    OWNER_ONLY);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new AttachUnavailableException("another server of this configuration holds " + paths.serverLock()
                        + "; its socket is " + paths.socket());
            }
            Files.deleteIfExists(paths.socket());
            Files.deleteIfExists(paths.info());
            return new AttachServerFiles(paths, channel, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new AttachUnavailableException("this process already holds " + paths.serverLock(), e);
        } catch (AttachUnavailableException e) {
            closeQuietly(channel);
            throw e;
        } catch (AccessDeniedException e) {
            closeQuietly(channel);
            throw new AttachUnavailableException(
                    "the attach directory " + paths.directory() + " cannot be written (read-only state directory?): "
                            + e.getMessage(),
                    e);
        } catch (IOException e) {
            closeQuietly(channel);
            String reason =
                    e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason() : e.toString();
            throw new AttachUnavailableException(
                    "the attach directory " + paths.directory() + " cannot be used: " + reason, e);
        }
    }

    /** @return the files claimed */
    public AttachPaths paths() {
        return paths;
    }

    /**
     * Writes {@code <key>.json} (0600, replaced atomically): {@code {"pid","build","started_at","key","state_dir",
     * "transports"}}.
     *
     * @param build      the build id
     * @param startedAt  when the server started
     * @param stateDir   the state directory
     * @param transports the transports serving
     * @throws AttachUnavailableException if it cannot be written
     */
    public void describe(String build, Instant startedAt, Path stateDir, List<String> transports) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("pid", ProcessHandle.current().pid());
        info.put("build", build);
        info.put("started_at", startedAt.toString());
        info.put("key", paths.key());
        info.put("state_dir", stateDir.toString());
        info.put("transports", transports);
        Path temporary = paths.directory().resolve(paths.key() + ".json.tmp");
        try {
            Files.deleteIfExists(temporary);
            Files.createFile(temporary, OWNER_ONLY);
            Files.writeString(temporary, JSON.writeValueAsString(info) + "\n", StandardCharsets.UTF_8);
            Files.move(temporary, paths.info(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new AttachUnavailableException("cannot write " + paths.info() + ": " + e.getMessage(), e);
        }
    }

    /** Removes the description, the socket and the lock file, then releases the lock. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (Path file : List.of(paths.info(), paths.socket(), paths.serverLock())) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                LOG.debug("could not remove {}", file, e);
            }
        }
        try {
            lock.release();
        } catch (IOException e) {
            LOG.debug("could not release {}", paths.serverLock(), e);
        }
        closeQuietly(lockFile);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                LOG.debug("closing a lock file failed", e);
            }
        }
    }
}
