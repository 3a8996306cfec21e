package dev.switchboard.kernel.exec;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
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
 * {@link Fifos} through the foreign-function API (final in Java 22; this class alone is compiled for Java 22, see
 * the kernel's pom). Needs {@code --enable-native-access=ALL-UNNAMED} to run without a warning (the launcher passes
 * it). Thread-safe.
 */
final class PosixFifos implements Fifos {

    /** Owner read and write only. */
    private static final int MODE = 0600;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final MethodHandle MKFIFO = LINKER.downcallHandle(
            LINKER.defaultLookup().find("mkfifo").orElseThrow(),
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT),
            Linker.Option.captureCallState("errno"));

    @Override
    public void make(Path path) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = arena.allocate(CAPTURE);
            int result = (int) MKFIFO.invokeExact(state, arena.allocateFrom(path.toString()), MODE);
            if (result != 0) {
                throw new IOException("mkfifo " + path + " failed: errno " + (int) ERRNO.get(state, 0L));
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("mkfifo downcall failed", e);
        }
    }
}
