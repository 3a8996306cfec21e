package dev.switchboard.plugin.storage.sqlite.adapter.out.persistence;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Keeps the database owner-only: directories this code creates get 0700, the database file and its {@code -wal} and
 * {@code -shm} companions get 0600. Directories that already exist are left as they are (they may be shared, such as
 * a home directory). On file systems without POSIX permissions nothing is restricted.
 */
final class OwnerOnlyFiles {

    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final List<String> COMPANION_SUFFIXES = List.of("-wal", "-shm");

    private OwnerOnlyFiles() {}

    /**
     * Creates the missing parent directories and the (empty) database file, then restricts the file. SQLite treats
     * an empty file as an empty database, so the file never exists with wider permissions.
     */
    static void prepare(Path file) throws IOException {
        createMissingDirectories(file.getParent());
        try {
            if (posix()) {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
            } else {
                Files.createFile(file);
            }
        } catch (FileAlreadyExistsException e) {
            // an existing database: only its permissions are corrected below
        }
        restrict(file);
    }

    /** Sets 0600 on the database file and on those of its companion files that exist. */
    static void restrict(Path file) throws IOException {
        if (!posix()) {
            return;
        }
        Files.setPosixFilePermissions(file, FILE);
        for (String suffix : COMPANION_SUFFIXES) {
            Path companion = file.resolveSibling(file.getFileName() + suffix);
            if (Files.exists(companion)) {
                Files.setPosixFilePermissions(companion, FILE);
            }
        }
    }

    private static void createMissingDirectories(Path directory) throws IOException {
        Deque<Path> missing = new ArrayDeque<>();
        for (Path current = directory; current != null && !Files.exists(current); current = current.getParent()) {
            missing.push(current);
        }
        for (Path current : missing) {
            try {
                Files.createDirectory(current, directoryAttributes());
                if (posix()) {
                    // the umask may have removed bits we asked for; never granted more than asked
                    Files.setPosixFilePermissions(current, DIRECTORY);
                }
            } catch (FileAlreadyExistsException e) {
                if (!Files.isDirectory(current)) {
                    throw e;
                }
            }
        }
    }

    private static FileAttribute<?>[] directoryAttributes() {
        return posix()
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIRECTORY)}
                : new FileAttribute<?>[0];
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }
}
