package dev.switchboard.kernel.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * An owner-only temporary state directory for the doctor, made only when the real one holds no state yet (it does
 * not exist, is an empty directory, or holds only the owner token file, as an operator's init step leaves it, and
 * dot-files such as the hooks' {@code .wake.lock} and {@code .stop-hook-*} snapshots, and the shared servers'
 * {@code attach/} directory), so that booting the kernel to check the plugins creates no state (no
 * directory, no database); closing deletes it with everything the plugins wrote into it. Not thread-safe.
 */
final class ScratchState implements AutoCloseable {

    private final Path directory;

    private ScratchState(Path directory) {
        this.directory = directory;
    }

    /**
     * @param stateDir       the configured state directory
     * @param ownerTokenFile the configured owner token file, which alone is not state a server made
     * @return a scratch directory when {@code stateDir} does not exist, is an empty directory or holds only
     *     {@code ownerTokenFile}, else none
     * @throws UncheckedIOException if the temporary directory cannot be created
     */
    static ScratchState unlessHoldsState(Path stateDir, Path ownerTokenFile) {
        if (holdsState(stateDir, ownerTokenFile)) {
            return new ScratchState(null);
        }
        try {
            return new ScratchState(Files.createTempDirectory(
                    "switchboard-doctor-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary state directory for the doctor", e);
        }
    }

    private static boolean holdsState(Path stateDir, Path ownerTokenFile) {
        if (!Files.isDirectory(stateDir)) {
            return Files.exists(stateDir);
        }
        Path token = ownerTokenFile.toAbsolutePath().normalize();
        try (Stream<Path> entries = Files.list(stateDir)) {
            // the hooks' own dot-files (.wake.lock, .stop-hook-*) are no store either, nor is the
            // shared servers' attach directory (ADR 32), which their clients' lock and log files outlive
            return entries.anyMatch(entry -> !entry.toAbsolutePath().normalize().equals(token)
                    && !entry.getFileName().toString().startsWith(".")
                    && !entry.getFileName().toString().equals(AttachPaths.DIRECTORY));
        } catch (IOException e) {
            return true; // unreadable: the doctor's own checks report it; never guess that it is empty
        }
    }

    /** @return the scratch directory to use instead of the configured one, or empty to use the configured one */
    Optional<Path> directory() {
        return Optional.ofNullable(directory);
    }

    @Override
    public void close() {
        if (directory == null) {
            return;
        }
        // a second pass, since a file may vanish while the walk reads it (SQLite removes its -shm and -wal files when
        // the plugins' last connection closes), which the walk reports as an UncheckedIOException
        for (int pass = 0; pass < 2 && Files.exists(directory); pass++) {
            deleteTree();
        }
    }

    private void deleteTree() {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            // Best effort: a temporary directory left behind is not state; the system's cleaner removes it.
        }
    }
}
