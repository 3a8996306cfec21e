package dev.switchboard.kernel.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Finds the processes of one run by an environment variable every process of the run inherits
 * ({@value #VARIABLE}{@code =<random id>}), so that a background child whose parent already exited (re-parented, so no
 * longer a descendant of the run's root) is still found and killed. Reads {@code /proc/<pid>/environ}, which Linux
 * lets a user read for its own processes; elsewhere, or for a process that cleared its environment or changed user,
 * nothing is found and the descendant tracking of {@link ProcessTree} is what remains. Stateless.
 */
final class MarkedProcesses {

    /** The variable that marks a run's processes. */
    static final String VARIABLE = "SWITCHBOARD_RUN";

    private static final Path PROC = Path.of("/proc");

    private MarkedProcesses() {
    }

    /** @return a fresh marker value for one run */
    static String newMarker() {
        return UUID.randomUUID().toString();
    }

    /**
     * @param marker the run's marker value
     * @return the live processes whose environment holds the marker; empty where {@code /proc} cannot tell
     */
    static List<ProcessHandle> find(String marker) {
        List<ProcessHandle> found = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return found;
        }
        byte[] needle = (VARIABLE + "=" + marker + "\0").getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC)) {
            for (Path entry : entries) {
                long pid = pidOf(entry.getFileName().toString());
                if (pid > 0 && pid != self && holds(entry.resolve("environ"), needle)) {
                    ProcessHandle.of(pid).ifPresent(found::add);
                }
            }
        } catch (IOException | RuntimeException e) {
            // /proc unreadable: fall back to descendant tracking
        }
        return found;
    }

    private static long pidOf(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return -1;
            }
        }
        return name.isEmpty() ? -1 : Long.parseLong(name);
    }

    private static boolean holds(Path environ, byte[] needle) {
        try {
            byte[] bytes = Files.readAllBytes(environ);
            for (int i = 0; i + needle.length <= bytes.length; i++) {
                // each variable starts the file or follows a NUL
                if ((i == 0 || bytes[i - 1] == 0)
                        && Arrays.equals(bytes, i, i + needle.length, needle, 0, needle.length)) {
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
