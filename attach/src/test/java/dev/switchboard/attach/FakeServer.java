package dev.switchboard.attach;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * A stand-in for the shared server, only to prove the client's relay and recovery mechanics on a real Unix socket: it
 * holds {@code <key>.lock}, listens on {@code <key>.sock}, answers the hello, then answers each request with
 * {@code {"result":{"method":M,"generation":G}}}, except a {@code tools/call} of the tool {@code hang}, which it never
 * answers. {@link #kill()} drops everything at once, as {@code kill -9} would, leaving the socket file behind. The
 * lines it received (the hello first) are kept per instance.
 */
final class FakeServer implements AutoCloseable {

    final int generation;
    final List<String> received = new CopyOnWriteArrayList<>();

    private final ServerSocketChannel listener;
    private final FileChannel lockFile;
    private final FileLock lock;
    private final List<SocketChannel> connections = new CopyOnWriteArrayList<>();
    private volatile boolean killed;

    private FakeServer(AttachPaths paths, int generation) throws IOException {
        this.generation = generation;
        paths.createDirectory();
        lockFile = FileChannel.open(paths.serverLock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        lock = lockFile.lock();
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        listener.bind(UnixDomainSocketAddress.of(paths.socket()));
        Thread accept = new Thread(this::accept, "fake-server-" + generation);
        accept.setDaemon(true);
        accept.start();
    }

    /** The length of the text a {@code big} request is answered with (40 MB). */
    static final int BIG = 40_000_000;

    static FakeServer start(AttachPaths paths, int generation) throws IOException {
        return new FakeServer(paths, generation);
    }

    private void accept() {
        try {
            while (true) {
                SocketChannel channel = listener.accept();
                connections.add(channel);
                Thread serve = new Thread(() -> serve(channel), "fake-session-" + generation);
                serve.setDaemon(true);
                serve.start();
            }
        } catch (IOException e) {
            // killed
        }
    }

    private void serve(SocketChannel channel) {
        LineReader in = new LineReader(java.nio.channels.Channels.newInputStream(channel));
        try {
            boolean hello = true;
            while (in.next() && !killed) {
                String line = new String(in.buffer(), in.offset(), in.length(), StandardCharsets.UTF_8);
                received.add(line);
                if (hello) {
                    hello = false;
                    write(channel, "{\"attach\":1,\"ok\":true,\"pid\":" + generation + ",\"build\":\"test\"}");
                    continue;
                }
                for (Message message : Message.parse(in.buffer(), in.offset(), in.length())) {
                    if (message.isRequest() && "big".equals(message.method())) {
                        String id = message.id().substring(2);
                        write(
                                channel,
                                "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"text\":\"" + "b".repeat(BIG)
                                        + "\"}}");
                    } else if (message.isRequest() && !line.contains("\"hang\"")) {
                        String id = message.id().startsWith("s:")
                                ? "\"" + message.id().substring(2) + "\""
                                : message.id().substring(2);
                        write(
                                channel,
                                "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{\"method\":\"" + message.method()
                                        + "\",\"generation\":" + generation + "}}");
                    }
                }
            }
            channel.close();
        } catch (IOException e) {
            // killed
        }
    }

    private static synchronized void write(SocketChannel channel, String line) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    /** Drops the listener, every connection and the lock at once; the socket file stays, as after kill -9. */
    void kill() throws IOException {
        if (!listener.isOpen()) {
            return;
        }
        killed = true;
        listener.close();
        for (SocketChannel channel : connections) {
            // shutdown(2) takes effect at once; a close waits for the thread blocked reading the channel
            try {
                channel.shutdownInput();
                channel.shutdownOutput();
            } catch (IOException e) {
                // already closed
            }
            channel.close();
        }
        lock.release();
        lockFile.close();
    }

    @Override
    public void close() throws IOException {
        kill();
    }
}
