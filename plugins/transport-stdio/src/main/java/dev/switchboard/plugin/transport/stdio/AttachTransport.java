package dev.switchboard.plugin.transport.stdio;

import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.transport.Transport;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportException;

/**
 * The {@code attach} transport (ADR 32): the server's end of the shared per-user server's Unix domain socket. Each
 * connection from a process of this user says what it wants in one hello line and gets one answer line; a
 * {@code session} is then served as its own MCP session over the socket, exactly as stdio serves its one, and its end
 * ends that session only. {@code status}, {@code stop} and {@code drain} answer and close. A shared server
 * ({@code serve --shared}) leaves through {@link dev.switchboard.ports.transport.TransportLifecycle#ended} when idle
 * or drained, and any server when its socket file disappears; {@code stop} stops the whole server, every transport
 * ({@link dev.switchboard.ports.transport.TransportLifecycle#stopRequested}). Settings: {@link AttachSettings}. Starts once; {@link #stop()}
 * is idempotent. Thread-safe.
 */
@Extension
public final class AttachTransport implements Transport {

    /** The transport's id. */
    public static final String ID = "attach";

    private final PluginContext plugin;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicReference<AttachServer> server = new AtomicReference<>();
    private final AtomicReference<String> socket = new AtomicReference<>();

    /** @param plugin the plugin's context, whose {@code attach.*} keys the kernel sets */
    @Inject
    public AttachTransport(PluginContext plugin) {
        this.plugin = plugin;
    }

    @Override
    public String id() {
        return ID;
    }

    /** @throws TransportException if already started, {@code attach.socket} is not set, or the socket cannot be bound */
    @Override
    public void start(TransportContext context) {
        if (!started.compareAndSet(false, true)) {
            throw new TransportException("the attach transport is already started");
        }
        AttachSettings settings;
        try {
            settings = AttachSettings.from(plugin);
        } catch (InvalidSettingException e) {
            throw new TransportException(e.getMessage(), e);
        }
        try {
            server.set(AttachServer.start(
                    settings,
                    context,
                    () -> context.lifecycle().ended(ID),
                    () -> context.lifecycle().stopRequested(ID)));
        } catch (UncheckedIOException e) {
            throw new TransportException(e.getMessage(), e);
        }
        socket.set(settings.socket().toString());
    }

    /** @return the socket's path, or empty when not serving */
    @Override
    public Optional<String> address() {
        return server.get() == null ? Optional.empty() : Optional.ofNullable(socket.get());
    }

    /** @return the sessions attached now; 0 when not serving */
    @Override
    public OptionalInt openSessions() {
        AttachServer current = server.get();
        return OptionalInt.of(current == null ? 0 : current.openSessions());
    }

    @Override
    public void stop() {
        AttachServer current = server.getAndSet(null);
        if (current != null) {
            current.stop();
        }
    }
}
