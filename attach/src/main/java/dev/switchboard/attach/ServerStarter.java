package dev.switchboard.attach;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * Connects to the shared server of one key, starting it when none runs: connect; else, holding
 * {@code <key>.start.lock}, connect again (another client may have started it meanwhile); else, when
 * {@code <key>.lock} is free (no live server), delete a stale socket file and spawn the server; then wait, bounded,
 * until the socket answers. So two clients starting at once end with exactly one server. Thread-safe (each call works
 * on its own files and channels).
 */
final class ServerStarter {

    /** How long a started server may take to listen. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private static final long POLL_MILLIS = 10;
    private static final int TAIL_BYTES = 4096;

    private final AttachPaths paths;
    private final Spawner spawner;

    /**
     * @param paths   the server's files
     * @param spawner what starts a server process
     */
    ServerStarter(AttachPaths paths, Spawner spawner) {
        this.paths = paths;
        this.spawner = spawner;
    }

    /**
     * @return a connection to a live server of this key, which this call may have started
     * @throws AttachFailure if the attach directory cannot be made (fall back), or the server did not come up (no
     *     fall back: its log's last line says why)
     */
    Connection connect() throws AttachFailure {
        try {
            return connectOrStart();
        } catch (AnswerDeadline.NoAnswer e) {
            throw hung(e);
        }
    }

    /**
     * @param e the deadline that passed
     * @return the failure of a server that takes no connection any more: fall back, as a hello it does not answer
     */
    private static AttachFailure hung(AnswerDeadline.NoAnswer e) {
        return new AttachFailure(
                "the shared server did not take the connection within " + AnswerDeadline.NoAnswer.seconds(e.limit())
                        + " s (hung or stopped? `switchboard server status` lists it)",
                true);
    }

    private Connection connectOrStart() throws AttachFailure, AnswerDeadline.NoAnswer {
        Connection connection = Connection.tryOpen(paths.socket());
        if (connection != null) {
            return connection;
        }
        try {
            paths.createDirectory();
        } catch (IOException e) {
            String why = "cannot create " + paths.directory() + " (" + e.getMessage() + ")";
            // a state directory that is none (a file, or one that cannot be made) is the in-process server's to refuse
            throw Files.isDirectory(paths.directory().getParent())
                    ? new AttachFailure(why, true)
                    : AttachFailure.fallBackQuietly(why);
        }
        try (FileChannel lockFile = open(paths.startLock());
                FileLock ignored = lockFile.lock()) {
            connection = Connection.tryOpen(paths.socket());
            return connection != null ? connection : startAndWait();
        } catch (AnswerDeadline.NoAnswer e) {
            throw e;
        } catch (IOException e) {
            throw new AttachFailure("cannot lock " + paths.startLock() + " (" + e.getMessage() + ")", true);
        }
    }

    private Connection startAndWait() throws IOException, AttachFailure {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        BooleanSupplier alive = null;
        while (System.nanoTime() < deadline) {
            if (alive == null && serverLockFree()) {
                Files.deleteIfExists(paths.socket());
                alive = spawn();
            }
            Connection connection = Connection.tryOpen(paths.socket());
            if (connection != null) {
                return connection;
            }
            if (alive != null && !alive.getAsBoolean() && serverLockFree()) {
                throw new AttachFailure("the shared server did not start: " + lastLine(paths.log()), false);
            }
            sleep();
        }
        throw new AttachFailure(
                "the shared server did not listen within " + START_TIMEOUT.toSeconds() + " s; see " + paths.log(),
                false);
    }

    private BooleanSupplier spawn() throws AttachFailure {
        try {
            return spawner.spawn(paths);
        } catch (IOException e) {
            throw new AttachFailure("cannot start the shared server (" + e.getMessage() + ")", true);
        }
    }

    /** @return whether no process holds {@code <key>.lock}: no live server of this key */
    boolean serverLockFree() throws IOException {
        return serverLockFree(paths);
    }

    /**
     * @param paths a server's files
     * @return whether no process holds its {@code <key>.lock}
     * @throws IOException if the lock file exists but cannot be opened
     */
    static boolean serverLockFree(AttachPaths paths) throws IOException {
        if (!Files.exists(paths.serverLock())) {
            return true;
        }
        try (FileChannel channel = FileChannel.open(paths.serverLock(), StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return false;
            }
            lock.release();
            return true;
        } catch (OverlappingFileLockException e) {
            return false; // held by this very process (a server in the same JVM, in tests)
        } catch (NoSuchFileException e) {
            return true; // removed by the exiting server between the check above and the open
        }
    }

    private static FileChannel open(Path file) throws IOException {
        if (!Files.exists(file)) {
            try {
                Files.createFile(
                        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (FileAlreadyExistsException e) {
                // another client created it first
            }
        }
        return FileChannel.open(file, StandardOpenOption.WRITE);
    }

    /**
     * @param log a log file
     * @return its last non-blank line (of its last 4 KiB), or a hint when there is none
     */
    static String lastLine(Path log) {
        try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer tail = ByteBuffer.allocate((int) Math.min(TAIL_BYTES, size));
            channel.read(tail, size - tail.capacity());
            String[] lines = new String(tail.array(), 0, tail.position(), StandardCharsets.UTF_8).split("\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                if (!lines[i].isBlank()) {
                    return lines[i].strip();
                }
            }
        } catch (IOException e) {
            // reported below
        }
        return "it exited without output (see " + log + ")";
    }

    private static void sleep() throws AttachFailure {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AttachFailure("interrupted while waiting for the shared server", false);
        }
    }

    /** Starts a server process for a key. */
    @FunctionalInterface
    interface Spawner {
        /**
         * @param paths the server's files (its log among them)
         * @return whether the started process is still alive, asked while waiting for it to listen
         * @throws IOException if it cannot be started
         */
        BooleanSupplier spawn(AttachPaths paths) throws IOException;
    }
}
