package dev.switchboard.plugin.workspace.application;

import java.io.IOException;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The few POSIX calls the JDK does not offer: opening a file without blocking (a FIFO's open would wait for a writer)
 * and without following a final symlink, and an exclusive {@code flock} on a directory. Implemented with the JDK's
 * foreign-function API ({@code PosixNativeIo}, compiled for Java 22, where that API is final), on Linux x86-64 and
 * AArch64; {@link #get()} is null elsewhere and on a Java 21 runtime, and callers fall back to what the JDK can do
 * (see docs/adr/0007-native-file-opens.md). File descriptors are plain ints owned by the caller, who closes them.
 * Thread-safe.
 */
interface NativeIo {

    /** Failure of a call, with the C {@code errno}. */
    final class Failure extends IOException {
        private static final long serialVersionUID = 1L;
        /** {@code ELOOP} on Linux: the final component was a symlink and {@code O_NOFOLLOW} was set. */
        static final int ELOOP = 40;

        private final int errno;

        Failure(String call, Path path, int errno) {
            super(call + " " + path + " failed: errno " + errno);
            this.errno = errno;
        }

        /** @return the C errno */
        int errno() {
            return errno;
        }
    }

    /**
     * @param file a path whose final component must not be a symlink
     * @return a read-only descriptor, opened with {@code O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC}: it never
     *         waits, also for a FIFO or a device
     * @throws Failure with the errno ({@link Failure#ELOOP} for a symlink)
     */
    int openNonBlocking(Path file) throws Failure;

    /**
     * @param dir a directory path whose final component must not be a symlink
     * @return a read-only descriptor, opened with {@code O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC}
     * @throws Failure with the errno
     */
    int openDirectory(Path dir) throws Failure;

    /**
     * @param fd an open descriptor
     * @return true when {@code flock(fd, LOCK_EX | LOCK_NB)} took the lock, false when another open file holds it
     * @throws Failure for any other error
     */
    boolean tryLockExclusive(int fd) throws Failure;

    /** @param fd a descriptor to close; errors are ignored (the descriptor is gone either way) */
    void close(int fd);

    /**
     * @param fd an open descriptor of this process
     * @return a path that names the open file itself ({@code /proc/self/fd/<fd>}), for the JDK's file APIs
     */
    static Path pathOf(int fd) {
        return Path.of("/proc/self/fd", Integer.toString(fd));
    }

    /** @return the native calls, or null where they are not available (then callers use the JDK alone) */
    static NativeIo get() {
        return Holder.INSTANCE;
    }

    /** Loads the implementation once; its class file is for Java 22, so a Java 21 runtime cannot load it. */
    final class Holder {
        private static final Logger LOG = LoggerFactory.getLogger(NativeIo.class);
        static final NativeIo INSTANCE = load();

        private Holder() {}

        private static NativeIo load() {
            if (Runtime.version().feature() < 22
                    || !System.getProperty("os.name", "").equals("Linux")) {
                return null;
            }
            try {
                return (NativeIo) Class.forName(NativeIo.class.getPackageName() + ".PosixNativeIo")
                        .getDeclaredConstructor()
                        .newInstance();
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                LOG.warn(
                        "native file calls unavailable ({}); FIFO swaps can block a read and file locks cover one"
                                + " state directory only",
                        e.toString());
                return null;
            }
        }
    }
}
