package dev.switchboard.kernel.exec;

import java.io.IOException;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates named pipes ({@code mkfifo(3)}), which the JDK cannot. Implemented with the foreign-function API
 * ({@code PosixFifos}, the one kernel class compiled for Java 22, where that API is final; the pattern of
 * docs/adr/0007-native-file-opens.md); {@link #get()} is null on a Java 21 runtime and off Linux and macOS, and
 * {@link ProcessLauncher} then falls back to the JDK's own pipes. Thread-safe.
 */
interface Fifos {

    /**
     * @param path where to create the FIFO; its parent exists and the path does not
     * @throws IOException with the C errno when {@code mkfifo} fails
     */
    void make(Path path) throws IOException;

    /** @return the implementation, or null where it is not available */
    static Fifos get() {
        return Holder.INSTANCE;
    }

    /** Loads the implementation once; its class file is for Java 22, so a Java 21 runtime cannot load it. */
    final class Holder {
        private static final Logger LOG = LoggerFactory.getLogger(Fifos.class);
        static final Fifos INSTANCE = load();

        private Holder() {}

        private static Fifos load() {
            String os = System.getProperty("os.name", "");
            if (Runtime.version().feature() < 22 || !(os.equals("Linux") || os.equals("Mac OS X"))) {
                return null;
            }
            try {
                return (Fifos) Class.forName(Fifos.class.getPackageName() + ".PosixFifos")
                        .getDeclaredConstructor()
                        .newInstance();
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                LOG.warn(
                        "named pipes unavailable ({}); a command whose shell exits at once may not be waited for"
                                + " while a background child still writes its output",
                        e.toString());
                return null;
            }
        }
    }
}
