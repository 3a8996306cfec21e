package dev.switchboard.attach;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One connection to a shared server's Unix socket: lines in through a {@link LineReader}, lines out written whole.
 * One thread reads while another writes (a {@link SocketChannel} allows one of each at once); writes are not
 * synchronized here, their callers serialise them. Writes go out in slices of at most 64 KiB, so the JDK's temporary
 * direct buffers stay small whatever the line's size.
 */
final class Connection implements Closeable {

    /**
     * How long a connect may block: a listening server that no longer accepts has its pending connections queued by
     * the kernel until its backlog is full, and a connect then blocks.
     */
    static final Duration CONNECT_DEADLINE = Duration.ofSeconds(2);

    private static final int SLICE = 64 * 1024;
    private static final byte[] LINE_END = {'\n'};

    private final SocketChannel channel;
    private final LineReader reader;

    private Connection(SocketChannel channel) {
        this.channel = channel;
        this.reader = new LineReader(new ChannelInput(channel));
    }

    /**
     * @param socket the socket file
     * @return a connection, or null when nothing listens there (no file, a stale file, a refused connection)
     * @throws AnswerDeadline.NoAnswer       if the connect did not complete within {@link #CONNECT_DEADLINE}: a server
     *     that stopped accepting (hung, or stopped with SIGSTOP) and whose backlog of pending connections is full
     * @throws UnsupportedOperationException if this platform has no Unix domain sockets
     */
    static Connection tryOpen(Path socket) throws AnswerDeadline.NoAnswer {
        SocketChannel channel;
        try {
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException e) {
            throw new UnsupportedOperationException("cannot open a Unix domain socket: " + e.getMessage(), e);
        }
        AtomicBoolean late = new AtomicBoolean();
        CompletableFuture<Void> deadline = CompletableFuture.runAsync(
                () -> {
                    late.set(true);
                    closeQuietly(channel);
                },
                CompletableFuture.delayedExecutor(CONNECT_DEADLINE.toMillis(), TimeUnit.MILLISECONDS));
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
            deadline.cancel(false);
            if (late.get()) {
                throw new AnswerDeadline.NoAnswer(CONNECT_DEADLINE);
            }
            return new Connection(channel);
        } catch (IOException e) {
            deadline.cancel(false);
            closeQuietly(channel);
            if (late.get()) {
                throw new AnswerDeadline.NoAnswer(CONNECT_DEADLINE);
            }
            return null;
        }
    }

    /** @return the reader of the server's lines */
    LineReader reader() {
        return reader;
    }

    /**
     * Writes one line and its line end.
     *
     * @param bytes  the buffer
     * @param offset where the line starts
     * @param length its length, without a line end
     * @throws IOException if the connection is broken
     */
    void writeLine(byte[] bytes, int offset, int length) throws IOException {
        int position = offset;
        int limit = offset + length;
        while (position < limit) {
            ByteBuffer slice = ByteBuffer.wrap(bytes, position, Math.min(SLICE, limit - position));
            while (slice.hasRemaining()) {
                channel.write(slice);
            }
            position = slice.position();
        }
        ByteBuffer end = ByteBuffer.wrap(LINE_END);
        while (end.hasRemaining()) {
            channel.write(end);
        }
    }

    /** @param line a whole line, without its line end */
    void writeLine(byte[] line) throws IOException {
        writeLine(line, 0, line.length);
    }

    /** Ends the stream towards the server (it sees the end of its input); reading goes on. */
    void shutdownOutput() {
        try {
            channel.shutdownOutput();
        } catch (IOException e) {
            // already broken: the reader sees it
        }
    }

    @Override
    public void close() {
        closeQuietly(channel);
    }

    private static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }

    /** The channel as an {@link InputStream}, reading at most 64 KiB at once. */
    private static final class ChannelInput extends InputStream {

        private final SocketChannel channel;

        ChannelInput(SocketChannel channel) {
            this.channel = channel;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            int read = channel.read(ByteBuffer.wrap(bytes, offset, Math.min(SLICE, length)));
            return read;
        }
    }
}
