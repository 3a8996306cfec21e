package dev.switchboard.kernel.exec;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The stdout and stderr of one run as named pipes that this process alone reads, instead of the JDK's process
 * pipes. The JDK drains and closes a process's pipes as soon as the process exits (unless a reader is inside a
 * read at that moment), so a shell that backgrounds a child and exits at once lost the pipe its child still held,
 * depending on timing. A FIFO the JDK does not know of is read to its true end: until the last writer, child or
 * grandchild, closes it.
 *
 * <p>Protocol, each step non-blocking on Linux and macOS: create both FIFOs in a fresh owner-only temporary
 * directory; open each for reading and writing (which never waits for a peer) to hold it open; start the process
 * with its output redirected to the FIFOs (the JDK's open for writing finds a reader); open the read ends (which
 * find a writer: at least the holder); close the holders and delete the directory. The held read-write end keeps
 * what a process that exited at once wrote. Not thread-safe: one instance per run, used by one thread.
 */
final class OutputFifos implements AutoCloseable {

    private final Path directory;
    private final Path stdout;
    private final Path stderr;
    private FileChannel stdoutHolder;
    private FileChannel stderrHolder;

    private OutputFifos(Path directory) {
        this.directory = directory;
        this.stdout = directory.resolve("stdout");
        this.stderr = directory.resolve("stderr");
    }

    /**
     * @param fifos the native call
     * @return the two FIFOs, created and held open
     * @throws IOException if the directory or a FIFO cannot be made
     */
    static OutputFifos create(Fifos fifos) throws IOException {
        OutputFifos created = new OutputFifos(Files.createTempDirectory(
                "switchboard-run-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
        try {
            fifos.make(created.stdout);
            fifos.make(created.stderr);
            created.stdoutHolder = hold(created.stdout);
            created.stderrHolder = hold(created.stderr);
            return created;
        } catch (IOException | RuntimeException e) {
            created.close();
            throw e;
        }
    }

    /** @return the FIFO to redirect the process's stdout to */
    Path stdout() {
        return stdout;
    }

    /** @return the FIFO to redirect the process's stderr to */
    Path stderr() {
        return stderr;
    }

    /**
     * Opens the read ends, once the process holds the write ends, then lets go of the holders.
     *
     * @return stdout and stderr, each reading EOF when every process holding its write end closed it
     * @throws IOException if a FIFO cannot be opened
     */
    InputStream[] openForReading() throws IOException {
        InputStream out = new FileInputStream(stdout.toFile());
        try {
            InputStream err = new FileInputStream(stderr.toFile());
            close();
            return new InputStream[] {out, err};
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Closes the holders (if still open) and deletes the FIFOs and their directory; idempotent. */
    @Override
    public void close() {
        closeQuietly(stdoutHolder);
        closeQuietly(stderrHolder);
        stdoutHolder = null;
        stderrHolder = null;
        deleteQuietly(stdout);
        deleteQuietly(stderr);
        deleteQuietly(directory);
    }

    private static FileChannel hold(Path fifo) throws IOException {
        return FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // the descriptor is gone either way
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // a leftover in the temporary directory is harmless: empty, owner-only
        }
    }
}
