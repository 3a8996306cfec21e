package dev.switchboard.plugin.workspace.application;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;

import dev.switchboard.plugin.workspace.domain.Code;
import dev.switchboard.plugin.workspace.domain.WorkspaceException;

/**
 * A regular file opened for reading, where opening can never block. With {@link NativeIo} the file's real path is
 * opened with {@code O_NONBLOCK | O_NOFOLLOW}, and the type is checked on the opened descriptor, so a file swapped
 * for a FIFO (or a symlink) between any check and the open is refused at once instead of waiting for a writer that
 * never comes; the content is then read through {@code /proc/self/fd}, which reopens that same regular file. Without
 * it (a Java 21 runtime, not Linux), the type is checked on the path just before a plain open, which a swap in
 * between can still defeat. Symlinks on the way are followed, as before. Not thread-safe; one reader owns it.
 */
final class RegularFile implements Closeable {

    private static final int ENOENT = 2;
    private static final int ENXIO = 6;
    /** A final component that keeps turning into a symlink is given up after this many opens. */
    private static final int ATTEMPTS = 3;

    private final InputStream in;
    private final BasicFileAttributes attributes;

    private RegularFile(InputStream in, BasicFileAttributes attributes) {
        this.in = in;
        this.attributes = attributes;
    }

    /**
     * @param path an absolute path
     * @return the opened file, or null when nothing exists at the path
     * @throws WorkspaceException {@link Code#UNSUPPORTED_FILE} when it is not a regular file (a directory, FIFO,
     *                            device or socket)
     * @throws IOException        when it cannot be inspected or opened
     */
    static RegularFile open(Path path) throws IOException {
        NativeIo io = NativeIo.get();
        return io == null ? openByPath(path) : openNatively(io, path);
    }

    /**
     * For files read on the side (ignore rules, instructions, skills), where a problem only means "skip it".
     *
     * @param path an absolute path
     * @param max  at most this many bytes are read
     * @return the file's first {@code max} bytes, or null when it is missing, not a regular file or unreadable
     */
    static byte[] bytesOrNull(Path path, int max) {
        try (RegularFile file = open(path)) {
            return file == null ? null : file.content().readNBytes(max);
        } catch (IOException | WorkspaceException e) {
            return null;
        }
    }

    /** @return the attributes of the opened file (its size when it was opened) */
    BasicFileAttributes attributes() {
        return attributes;
    }

    /** @return the content, from the start */
    InputStream content() {
        return in;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private static RegularFile openNatively(NativeIo io, Path path) throws IOException {
        for (int attempt = 1; ; attempt++) {
            Path real;
            try {
                real = path.toRealPath();
            } catch (NoSuchFileException e) {
                return null;
            }
            int fd;
            try {
                fd = io.openNonBlocking(real);
            } catch (NativeIo.Failure e) {
                if (e.errno() == ENOENT) {
                    return null;
                }
                if (e.errno() == NativeIo.Failure.ELOOP && attempt < ATTEMPTS) {
                    continue;
                }
                if (e.errno() == NativeIo.Failure.ELOOP || e.errno() == ENXIO) {
                    throw notRegular(path);
                }
                throw e;
            }
            try {
                Path opened = NativeIo.pathOf(fd);
                BasicFileAttributes attributes = Files.readAttributes(opened, BasicFileAttributes.class);
                if (!attributes.isRegularFile()) {
                    throw notRegular(path);
                }
                return new RegularFile(Files.newInputStream(opened), attributes);
            } finally {
                io.close(fd);
            }
        }
    }

    private static RegularFile openByPath(Path path) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return null;
        }
        if (!attributes.isRegularFile()) {
            throw notRegular(path);
        }
        return new RegularFile(Files.newInputStream(path), attributes);
    }

    private static WorkspaceException notRegular(Path path) {
        return new WorkspaceException(
                Code.UNSUPPORTED_FILE,
                path + " is not a regular file (a directory, FIFO,"
                        + " device or socket); only regular files can be read",
                Map.of("path", path.toString()));
    }
}
