package dev.switchboard.kernel.exec;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.ports.exec.ProcessStartException;

/**
 * The optional uncapped copy of a process's stdout and stderr: chunks are appended as they arrive, from both pumps,
 * each chunk whole. A write failure is logged once and turns the sink off, since losing the copy must not fail the run.
 * Thread-safe; writes after {@link #close()} are dropped (a pump abandoned on a stuck pipe may still be reading).
 */
final class OutputSink implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OutputSink.class);
    private static final Set<StandardOpenOption> OPTIONS =
            EnumSet.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);

    private final Path file;
    private FileChannel channel;

    private OutputSink(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * @param file where to append, created owner-only (0600) when missing; null for a sink that drops everything
     * @throws ProcessStartException if the file cannot be opened
     */
    static OutputSink open(Path file) {
        if (file == null) {
            return new OutputSink(null, null);
        }
        try {
            return new OutputSink(file, openOwnerOnly(file));
        } catch (IOException e) {
            throw new ProcessStartException("cannot open full output file " + file + ": " + e.getMessage(), e);
        }
    }

    private static FileChannel openOwnerOnly(Path file) throws IOException {
        Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rw-------");
        try {
            return FileChannel.open(file, OPTIONS, PosixFilePermissions.asFileAttribute(ownerOnly));
        } catch (UnsupportedOperationException notPosix) {
            return FileChannel.open(file, OPTIONS);
        }
    }

    synchronized void write(byte[] bytes, int offset, int length) {
        if (channel == null) {
            return;
        }
        try {
            ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            LOG.warn("Stopped copying process output to {}: {}", file, e.toString());
            closeQuietly();
        }
    }

    @Override
    public synchronized void close() {
        closeQuietly();
    }

    private void closeQuietly() {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.warn("Could not close full output file {}: {}", file, e.toString());
        }
        channel = null;
    }
}
