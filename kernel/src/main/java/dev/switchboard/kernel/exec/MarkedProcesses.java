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
 * Finds the processes of runs by environment variables every process of a run inherits: {@value #VARIABLE}{@code =
 * <server pid>-<server start millis>.<random id>} (which server started the run, and which run) and, when the run
 * has a label, {@value #LABEL_VARIABLE}{@code =<label>}. So a background child whose parent already exited
 * (re-parented, so no longer a descendant of the run's root) is still found and killed, and after a server died, the
 * runs it left can be found at the next start. Reads {@code /proc/<pid>/environ}, which Linux lets a user read for
 * its own processes; elsewhere, or for a process that cleared its environment or changed user, nothing is found and
 * the descendant tracking of {@link ProcessTree} is what remains. Stateless.
 */
final class MarkedProcesses {

    /** The variable that marks a run's processes. */
    static final String VARIABLE = "SWITCHBOARD_RUN";
    /** The variable that carries a run's label. */
    static final String LABEL_VARIABLE = "SWITCHBOARD_RUN_LABEL";

    private static final Path PROC = Path.of("/proc");
    private static final byte[] RUN = (VARIABLE + "=").getBytes(StandardCharsets.UTF_8);
    private static final byte[] LABEL = (LABEL_VARIABLE + "=").getBytes(StandardCharsets.UTF_8);

    /**
     * A live process carrying a run marker.
     *
     * @param handle the process
     * @param marker its {@value #VARIABLE} value
     * @param label  its {@value #LABEL_VARIABLE} value, or null
     */
    record Marked(ProcessHandle handle, String marker, String label) {

        /** @return the server that started the run, or null for a marker that does not name one */
        ServerIdentity server() {
            int dot = marker.indexOf('.');
            return dot < 0
                    ? null
                    : ServerIdentity.parse(marker.substring(0, dot)).orElse(null);
        }
    }

    private MarkedProcesses() {}

    /** @return a fresh marker value for one run of this server */
    static String newMarker() {
        return ServerIdentity.CURRENT + "." + UUID.randomUUID();
    }

    /**
     * @param marker the run's marker value
     * @return the live processes whose environment holds the marker; empty where {@code /proc} cannot tell
     */
    static List<ProcessHandle> find(String marker) {
        return all().stream()
                .filter(marked -> marked.marker().equals(marker))
                .map(Marked::handle)
                .toList();
    }

    /** @return every live process of this account (but this one) that carries a run marker */
    static List<Marked> all() {
        List<Marked> found = new ArrayList<>();
        if (!Files.isDirectory(PROC)) {
            return found;
        }
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(PROC)) {
            for (Path entry : entries) {
                long pid = pidOf(entry.getFileName().toString());
                if (pid > 0 && pid != self) {
                    read(pid, entry.resolve("environ"), found);
                }
            }
        } catch (IOException | RuntimeException e) {
            // /proc unreadable: fall back to descendant tracking
        }
        return found;
    }

    private static void read(long pid, Path environ, List<Marked> found) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(environ);
        } catch (IOException | RuntimeException e) {
            return;
        }
        String marker = value(bytes, RUN);
        if (marker != null) {
            String label = value(bytes, LABEL);
            ProcessHandle.of(pid).ifPresent(handle -> found.add(new Marked(handle, marker, label)));
        }
    }

    /** @return the value of the variable whose {@code NAME=} prefix is given, or null */
    private static String value(byte[] environ, byte[] prefix) {
        for (int start = 0; start < environ.length; ) {
            int end = start;
            while (end < environ.length && environ[end] != 0) {
                end++;
            }
            if (end - start >= prefix.length
                    && Arrays.equals(environ, start, start + prefix.length, prefix, 0, prefix.length)) {
                return new String(environ, start + prefix.length, end - start - prefix.length, StandardCharsets.UTF_8);
            }
            start = end + 1;
        }
        return null;
    }

    private static long pidOf(String name) {
        for (int i = 0; i < name.length(); i++) {
            if (!Character.isDigit(name.charAt(i))) {
                return -1;
            }
        }
        return name.isEmpty() ? -1 : Long.parseLong(name);
    }
}
