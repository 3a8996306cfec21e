package dev.switchboard.plugin.workspace.application;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;

/**
 * {@link NativeIo} on Linux through the foreign-function API (final in Java 22; this class alone is compiled for
 * Java 22, see the plugin's pom). The {@code open} flags differ between architectures, so only x86-64 and AArch64 are
 * known; the constructor refuses others. Needs {@code --enable-native-access=ALL-UNNAMED} to run without a warning
 * (the launcher passes it). Thread-safe.
 */
final class PosixNativeIo implements NativeIo {

    private static final int O_RDONLY = 0;
    private static final int O_NOCTTY = 0400;
    private static final int O_NONBLOCK = 04000;
    private static final int O_CLOEXEC = 02000000;
    private static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;
    private static final int EWOULDBLOCK = 11;
    private static final int EINTR = 4;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle OPEN = LINKER.downcallHandle(
            LINKER.defaultLookup().find("open").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT),
            Linker.Option.captureCallState("errno"),
            Linker.Option.firstVariadicArg(2));
    private static final MethodHandle FLOCK = LINKER.downcallHandle(
            LINKER.defaultLookup().find("flock").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT),
            Linker.Option.captureCallState("errno"));
    private static final MethodHandle CLOSE = LINKER.downcallHandle(
            LINKER.defaultLookup().find("close").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT));

    private final int noFollow;
    private final int directory;

    /** @throws UnsupportedOperationException on an architecture whose open flags are not known here */
    PosixNativeIo() {
        String arch = System.getProperty("os.arch", "");
        switch (arch) {
            case "amd64", "x86_64" -> {
                noFollow = 0400000;
                directory = 0200000;
            }
            case "aarch64" -> {
                noFollow = 0100000;
                directory = 040000;
            }
            default -> throw new UnsupportedOperationException("open flags of " + arch + " are not known");
        }
    }

    @Override
    public int openNonBlocking(Path file) throws Failure {
        return open(file, O_RDONLY | O_NONBLOCK | noFollow | O_NOCTTY | O_CLOEXEC);
    }

    @Override
    public int openDirectory(Path dir) throws Failure {
        return open(dir, O_RDONLY | directory | noFollow | O_CLOEXEC);
    }

    @Override
    public boolean tryLockExclusive(int fd) throws Failure {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            while (true) {
                int result = (int) FLOCK.invokeExact(state, fd, LOCK_EX | LOCK_NB);
                if (result == 0) {
                    return true;
                }
                int errno = (int) ERRNO.get(state, 0L);
                if (errno == EWOULDBLOCK) {
                    return false;
                }
                if (errno != EINTR) {
                    throw new Failure("flock", NativeIo.pathOf(fd), errno);
                }
            }
        } catch (Failure e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("flock downcall failed", e);
        }
    }

    @Override
    public void close(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(fd);
        } catch (Throwable e) {
            throw new IllegalStateException("close downcall failed", e);
        }
    }

    private static int open(Path path, int flags) throws Failure {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            MemorySegment name = arena.allocateFrom(path.toString());
            while (true) {
                int fd = (int) OPEN.invokeExact(state, name, flags, 0);
                if (fd >= 0) {
                    return fd;
                }
                int errno = (int) ERRNO.get(state, 0L);
                if (errno != EINTR) {
                    throw new Failure("open", path, errno);
                }
            }
        } catch (Failure e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("open downcall failed", e);
        }
    }
}
