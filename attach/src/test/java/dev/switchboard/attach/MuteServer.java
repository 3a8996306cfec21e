package dev.switchboard.attach;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * A hung shared server, as one stopped with SIGSTOP looks to its clients: it holds {@code <key>.lock}, has written
 * {@code <key>.json} (pid 4242), and its real Unix socket accepts connections, which it keeps open and never answers.
 */
final class MuteServer implements AutoCloseable {

    static final long PID = 4242;

    private final ServerSocketChannel listener;
    private final FileChannel lockFile;
    private final FileLock lock;
    private final List<SocketChannel> held = new CopyOnWriteArrayList<>();

    private MuteServer(AttachPaths paths, boolean accepting) throws IOException {
        paths.createDirectory();
        lockFile = FileChannel.open(paths.serverLock(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        lock = lockFile.lock();
        Files.writeString(
                paths.info(), "{\"pid\":" + PID + ",\"key\":\"" + paths.key() + "\"}\n", StandardCharsets.UTF_8);
        listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        if (accepting) {
            listener.bind(UnixDomainSocketAddress.of(paths.socket()));
            Thread.ofPlatform().daemon().name("mute-server").start(this::accept);
        } else {
            // a backlog of one, filled: the kernel queues two pending connections, then a connect blocks
            listener.bind(UnixDomainSocketAddress.of(paths.socket()), 1);
            for (int i = 0; i < 2; i++) {
                SocketChannel pending = SocketChannel.open(StandardProtocolFamily.UNIX);
                pending.connect(UnixDomainSocketAddress.of(paths.socket()));
                held.add(pending);
            }
        }
    }

    /** @return a server that accepts every connection and never answers */
    static MuteServer start(AttachPaths paths) throws IOException {
        return new MuteServer(paths, true);
    }

    /** @return a server that accepts nothing any more, its backlog full, so that a connect blocks */
    static MuteServer startFull(AttachPaths paths) throws IOException {
        return new MuteServer(paths, false);
    }

    /** @return how many connections it took */
    int accepted() {
        return held.size();
    }

    private void accept() {
        try {
            while (true) {
                held.add(listener.accept());
            }
        } catch (IOException e) {
            // closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (SocketChannel channel : held) {
            channel.close();
        }
        lock.release();
        lockFile.close();
    }
}
