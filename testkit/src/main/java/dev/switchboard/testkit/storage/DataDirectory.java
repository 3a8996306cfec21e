package dev.switchboard.testkit.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Removes a stopped embedded PostgreSQL's data directory. A test JVM's server holds a database per test, tens of
 * thousands of files by the end of a module's run; deleting them in the JVM's shutdown hook held its exit for seconds,
 * and on a busy host past surefire's 30 s limit for a forked JVM to exit, which then kills it. So the removal runs in
 * a process of its own ({@code rm -rf}), which outlives the JVM; only if that process cannot start is the directory
 * deleted here. Not thread-safe per directory (call it once for each).
 */
final class DataDirectory {

    private DataDirectory() {}

    /**
     * Removes {@code data} and everything in it, without waiting for the removal to end (unless it has to delete in
     * this JVM).
     *
     * @param data the data directory of a stopped server
     * @throws UncheckedIOException if neither {@code rm} can be started nor the directory deleted here
     */
    static void remove(Path data) {
        try {
            new ProcessBuilder("rm", "-rf", "--", data.toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            deleteHere(data);
        }
    }

    private static void deleteHere(Path data) {
        try (Stream<Path> paths = Files.walk(data)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the test PostgreSQL's data directory " + data, e);
        }
    }
}
