package dev.switchboard.kernel.attach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The files of one shared server under {@code <state-dir>/attach/}: the Unix socket {@code <key>.sock}
 * (0600), the server's life lock {@code <key>.lock} (held while it lives: free means a socket file there is stale),
 * the clients' start lock {@code <key>.start.lock}, the server's description {@code <key>.json} (written when
 * listening, deleted at exit) and the spawned server's log {@code <key>.log}. Immutable; the file operations are
 * thread-safe.
 *
 * @param directory the attach directory, {@code <state-dir>/attach}
 * @param key       the server's key ({@link AttachKey}), 16 lowercase hex characters
 */
public record AttachPaths(Path directory, String key) {

    /** The longest socket path, in bytes, that can be bound on every platform (Linux allows 107, macOS 103). */
    public static final int MAX_SOCKET_PATH_BYTES = 100;

    /** The attach directory's name inside the state directory. */
    public static final String DIRECTORY = "attach";

    private static final Pattern KEY = Pattern.compile("[0-9a-f]{" + AttachKey.LENGTH + "}");
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    /** @throws IllegalArgumentException if {@code key} is not 16 lowercase hex characters */
    public AttachPaths {
        Objects.requireNonNull(directory, "directory");
        if (!isKey(key)) {
            throw new IllegalArgumentException("not an attach key (16 lowercase hex characters): " + key);
        }
    }

    /**
     * @param stateDir the state directory
     * @param key      the server's key
     * @return the paths of that server's files
     * @throws IllegalArgumentException if {@code key} is not 16 lowercase hex characters
     */
    public static AttachPaths of(Path stateDir, String key) {
        return new AttachPaths(stateDir.toAbsolutePath().normalize().resolve(DIRECTORY), key);
    }

    /**
     * @param text any text, such as a command-line argument
     * @return whether it has the form of a key
     */
    public static boolean isKey(String text) {
        return text != null && KEY.matcher(text).matches();
    }

    /**
     * Every server of a state directory that has left a file: each key with a {@code .sock} or a {@code .json} file,
     * live or stale (the caller checks).
     *
     * @param stateDir the state directory
     * @return the paths, ordered by key; empty when there is no attach directory
     * @throws IOException if the directory exists but cannot be listed
     */
    public static List<AttachPaths> existing(Path stateDir) throws IOException {
        Path directory = stateDir.toAbsolutePath().normalize().resolve(DIRECTORY);
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        Set<String> keys = new TreeSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*.{sock,json}")) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                String key = name.substring(0, name.lastIndexOf('.'));
                if (isKey(key)) {
                    keys.add(key);
                }
            }
        }
        List<AttachPaths> all = new ArrayList<>();
        keys.forEach(key -> all.add(new AttachPaths(directory, key)));
        return all;
    }

    /** @return the Unix domain socket, {@code <key>.sock} */
    public Path socket() {
        return directory.resolve(key + ".sock");
    }

    /** @return the server's life lock, {@code <key>.lock} */
    public Path serverLock() {
        return directory.resolve(key + ".lock");
    }

    /** @return the clients' start lock, {@code <key>.start.lock} */
    public Path startLock() {
        return directory.resolve(key + ".start.lock");
    }

    /** @return the server's description, {@code <key>.json} */
    public Path info() {
        return directory.resolve(key + ".json");
    }

    /** @return the spawned server's output, {@code <key>.log} */
    public Path log() {
        return directory.resolve(key + ".log");
    }

    /** @return whether the socket's path is at most {@link #MAX_SOCKET_PATH_BYTES} bytes (UTF-8), so it can be bound */
    public boolean socketFits() {
        return socket().toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH_BYTES;
    }

    /**
     * Creates the attach directory (and a missing state directory) owner-only, 0700; an existing attach directory
     * with wider permissions is narrowed to 0700.
     *
     * @return the directory
     * @throws IOException if it cannot be created or narrowed (a read-only state directory, another owner)
     */
    public Path createDirectory() throws IOException {
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        if (!posix) {
            return Files.createDirectories(directory);
        }
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        }
        if (!Files.getPosixFilePermissions(directory).equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(directory, OWNER_ONLY);
        }
        return directory;
    }
}
