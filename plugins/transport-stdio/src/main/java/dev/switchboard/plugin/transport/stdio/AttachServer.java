package dev.switchboard.plugin.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

import dev.switchboard.bridge.mcp.McpServerAssembly;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.transport.TransportContext;

/**
 * The listening side of the {@code attach} transport: binds the Unix domain socket (replacing a file left there:
 * the kernel starts this only while it holds the key's lock, so a file there is stale), makes it owner-only (0600)
 * right after the bind, accepts connections on a daemon thread and handles each on a virtual thread of its own: the
 * peer's user ({@code SO_PEERCRED}) must be this process's, else the connection is refused with one log line before
 * anything is read; then the hello (one line, at most 1 MiB, within 5 s) is read and answered, and a session is served
 * by a {@link StdioSession} over the socket's streams, or a command is answered ({@link AttachCommands}). At most {@value #MAX_CONNECTIONS} connections at once. Every
 * {@value #WATCH_SECONDS} s it checks that its socket file is still the one it bound; when it is gone or replaced, a
 * shared server leaves and one that is not stops listening. Thread-safe.
 */
final class AttachServer {

    private static final Logger LOG = LoggerFactory.getLogger(AttachServer.class);

    /** Connections held at once (sessions and requests being answered). */
    static final int MAX_CONNECTIONS = 256;
    /** Seconds a client has to send its hello. */
    static final int HELLO_SECONDS = 5;
    /** Seconds between two checks of the socket file. */
    static final int WATCH_SECONDS = 2;

    private final AttachSettings settings;
    private final TransportContext context;
    private final AttachStatus status;
    private final AttachCommands commands;
    private final Runnable leave;
    private final Runnable stopServer;
    private final AttachedSessions sessions;
    private final ServerSocketChannel listener;
    private final Object socketFileKey;
    private final UserPrincipal owner;
    private final ScheduledExecutorService timer;
    private final Semaphore connections = new Semaphore(MAX_CONNECTIONS);
    private final Map<String, StdioSession> live = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile ScheduledFuture<?> watch;

    private AttachServer(
            AttachSettings settings,
            TransportContext context,
            Runnable leave,
            Runnable stopServer,
            ServerSocketChannel listener,
            ScheduledExecutorService timer)
            throws IOException {
        this.settings = settings;
        this.context = context;
        this.leave = leave;
        this.stopServer = stopServer;
        this.listener = listener;
        this.timer = timer;
        this.socketFileKey = fileKey(settings.socket());
        this.owner = Files.getOwner(settings.socket(), LinkOption.NOFOLLOW_LINKS);
        this.sessions = new AttachedSessions(settings.shared(), settings.idle(), timer, leave);
        this.commands = new AttachCommands(context.commands());
        this.status = new AttachStatus(settings, sessions, commands::answered);
    }

    /**
     * Binds the socket and starts accepting.
     *
     * @param settings where to bind and how to behave
     * @param context  what to serve
     * @param leave      what ends this transport (the kernel's lifecycle): run when a shared server is idle or
     *                   drained, and when its socket file is gone
     * @param stopServer what stops the whole server, every transport (the kernel's lifecycle): run on {@code stop}
     * @return the server, accepting
     * @throws UncheckedIOException if the socket cannot be bound or made owner-only
     */
    static AttachServer start(AttachSettings settings, TransportContext context, Runnable leave, Runnable stopServer) {
        Path socket = settings.socket();
        ServerSocketChannel listener = null;
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("switchboard-attach-timer").factory());
        try {
            Files.deleteIfExists(socket);
            listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            listener.bind(UnixDomainSocketAddress.of(socket));
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            AttachServer server = new AttachServer(settings, context, leave, stopServer, listener, timer);
            server.sessions.start();
            Thread.ofPlatform().daemon().name("switchboard-attach-accept").start(server::acceptLoop);
            server.watch = timer.scheduleWithFixedDelay(
                    server::watchSocketFile, WATCH_SECONDS, WATCH_SECONDS, TimeUnit.SECONDS);
            LOG.info("attach listening on {}", socket);
            return server;
        } catch (IOException | RuntimeException e) {
            timer.shutdownNow();
            closeQuietly(listener);
            throw e instanceof IOException io
                    ? new UncheckedIOException("cannot listen on " + socket + ": " + e.getMessage(), io)
                    : (RuntimeException) e;
        }
    }

    /** @return the sessions attached now */
    int openSessions() {
        return sessions.count();
    }

    /**
     * Stops accepting, ends every session (each lets its running calls finish, bounded), removes the socket file if
     * it is still this server's. Idempotent.
     */
    void stop() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        sessions.close();
        closeQuietly(listener);
        deleteOwnSocketFile();
        live.values().parallelStream().forEach(StdioSession::stop);
        live.clear();
        timer.shutdownNow();
    }

    private void acceptLoop() {
        while (!closed.get()) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (!closed.get()) {
                    LOG.warn("attach: accepting a connection failed: {}", e.getMessage());
                }
                continue;
            }
            Thread.ofVirtual().name("switchboard-attach-hello").start(() -> handle(channel));
        }
    }

    private void handle(SocketChannel channel) {
        if (!connections.tryAcquire()) {
            refuse(channel, new AttachRefusal(AttachRefusal.UNAVAILABLE, "too many connections"));
            return;
        }
        boolean serving = false;
        try {
            checkPeer(channel);
            FirstLine first = readFirstLine(channel);
            serving = answer(channel, AttachHello.parse(first.line()), first);
        } catch (AttachRefusal refusal) {
            refuse(channel, refusal);
        } catch (IOException | RuntimeException e) {
            LOG.debug("attach: a connection ended before its hello was answered", e);
        } finally {
            if (!serving) {
                closeQuietly(channel); // also after an Error, so that no client waits on a connection nobody serves
                connections.release();
            }
        }
    }

    private void checkPeer(SocketChannel channel) throws IOException {
        UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
        if (!owner.equals(peer.user())) {
            LOG.warn(
                    "attach: refused a connection from user {} (only {} may attach)",
                    peer.user().getName(),
                    owner.getName());
            throw new AttachRefusal(AttachRefusal.FORBIDDEN, "only the server's own user may attach");
        }
    }

    private FirstLine readFirstLine(SocketChannel channel) throws IOException {
        ScheduledFuture<?> deadline = timer.schedule(() -> closeQuietly(channel), HELLO_SECONDS, TimeUnit.SECONDS);
        FirstLine first;
        try {
            first = FirstLine.read(channel);
        } finally {
            deadline.cancel(false);
        }
        if (first == null) {
            throw new IOException("the client closed the connection before its hello");
        }
        return first;
    }

    /** @return whether the connection now serves a session (which releases its permit when it ends) */
    private boolean answer(SocketChannel channel, AttachHello hello, FirstLine first) throws IOException {
        switch (hello.kind()) {
            case STATUS -> {
                writeLine(channel, status.frame());
                closeQuietly(channel);
            }
            case STOP -> {
                writeLine(channel, status.ok());
                closeQuietly(channel);
                LOG.info("attach: asked to stop (pid {})", hello.pid());
                timer.execute(stopServer);
            }
            case DRAIN -> {
                sessions.drain();
                writeLine(channel, status.ok());
                closeQuietly(channel);
                LOG.info("attach: asked to drain (by a server of build {})", hello.build());
            }
            case SESSION -> {
                serve(channel, hello, first);
                return true;
            }
            case COMMAND -> {
                writeLine(channel, commands.answer(hello, status.ok()));
                closeQuietly(channel);
            }
        }
        return false;
    }

    private void serve(SocketChannel channel, AttachHello hello, FirstLine first) throws IOException {
        Principal caller = AttachedCaller.of(hello);
        java.util.Optional<String> refused = context.sessions().problem(caller);
        if (refused.isPresent()) {
            throw new AttachRefusal(AttachRefusal.INVALID_SETTING, refused.get());
        }
        String id = sessions.attach(hello.pid(), hello.cwd().toString(), status.shown(hello.environment()));
        boolean started = false;
        try {
            StdioSession session = new StdioSession(
                    new StdioStreams(first.remainder(channel), Channels.newOutputStream(channel)),
                    context,
                    caller,
                    AttachTransport.ID,
                    () -> ended(id));
            writeLine(channel, status.ok());
            live.put(id, session);
            session.start();
            started = true;
        } finally {
            if (!started) {
                live.remove(id);
                sessions.detach(id); // the caller closes the connection and gives its permit back
            }
        }
        LOG.debug("attach: session {} attached (pid {}, {})", id, hello.pid(), hello.cwd());
    }

    private void ended(String id) {
        live.remove(id);
        connections.release();
        sessions.detach(id);
        LOG.debug("attach: session {} detached", id);
    }

    private void watchSocketFile() {
        if (closed.get()) {
            return;
        }
        Object now;
        try {
            now = fileKey(settings.socket());
        } catch (IOException e) {
            now = null;
        }
        if (Objects.equals(now, socketFileKey)) {
            return;
        }
        if (settings.shared()) {
            LOG.warn("attach: the socket file {} is gone or replaced; the shared server stops", settings.socket());
            sessions.close();
            timer.execute(leave);
        } else {
            LOG.warn(
                    "attach: the socket file {} is gone or replaced; no longer accepting attach sessions",
                    settings.socket());
            closeQuietly(listener);
        }
        ScheduledFuture<?> check = watch;
        if (check != null) {
            check.cancel(false);
        }
    }

    private void deleteOwnSocketFile() {
        try {
            if (Objects.equals(fileKey(settings.socket()), socketFileKey)) {
                Files.deleteIfExists(settings.socket());
            }
        } catch (IOException e) {
            LOG.debug("attach: could not remove the socket file", e);
        }
    }

    private static Object fileKey(Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                .fileKey();
    }

    private static void refuse(SocketChannel channel, AttachRefusal refusal) {
        try {
            writeLine(channel, refusal.frame());
        } catch (IOException e) {
            LOG.debug("attach: could not write a refusal", e);
        }
        closeQuietly(channel);
    }

    private static void writeLine(SocketChannel channel, Map<String, Object> frame) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        McpServerAssembly.writeJson(line, frame);
        line.write('\n');
        ByteBuffer bytes = ByteBuffer.wrap(line.toByteArray());
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (IOException e) {
            LOG.debug("attach: closing failed", e);
        }
    }
}
