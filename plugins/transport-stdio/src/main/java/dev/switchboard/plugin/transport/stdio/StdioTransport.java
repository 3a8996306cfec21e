package dev.switchboard.plugin.transport.stdio;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.transport.Transport;
import dev.switchboard.ports.transport.TransportContext;
import dev.switchboard.ports.transport.TransportException;

/**
 * The {@code stdio} transport: MCP as newline-delimited JSON-RPC on the process's standard input and output, one
 * session, the caller always {@link dev.switchboard.ports.call.Principal#LOCAL_OWNER}. When started it keeps the
 * real standard output for the protocol and points {@link System#out} at standard error. When standard input ends,
 * in-flight calls finish, their answers are written, and the kernel is told through
 * {@link dev.switchboard.ports.transport.TransportLifecycle#ended}. Starts once; {@link #stop()} is idempotent.
 * Thread-safe.
 */
@Extension
public final class StdioTransport implements Transport {

    private final Supplier<StdioStreams> streams;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicReference<StdioSession> session = new AtomicReference<>();

    /** Created by the kernel through the plugin's injector; serves the process's standard streams. */
    @Inject
    public StdioTransport() {
        this(StdioStreams::system);
    }

    /** Serves the given streams instead, without touching {@link System#out} (for tests). */
    StdioTransport(InputStream in, OutputStream out) {
        this(() -> new StdioStreams(in, out));
    }

    private StdioTransport(Supplier<StdioStreams> streams) {
        this.streams = streams;
    }

    @Override
    public String id() {
        return StdioSession.TRANSPORT_ID;
    }

    /** @throws TransportException if already started, or if the MCP server cannot be built */
    @Override
    public void start(TransportContext context) {
        if (!started.compareAndSet(false, true)) {
            throw new TransportException("the stdio transport is already started");
        }
        StdioSession created;
        try {
            created = new StdioSession(
                    streams.get(),
                    context,
                    Principal.LOCAL_OWNER,
                    StdioSession.TRANSPORT_ID,
                    () -> context.lifecycle().ended(StdioSession.TRANSPORT_ID));
        } catch (RuntimeException e) {
            throw new TransportException("the stdio transport could not start: " + e.getMessage(), e);
        }
        session.set(created);
        created.start();
    }

    /**
     * @return 1 while the one stdio session serves (from {@link #start} until standard input ends or {@link #stop}),
     *     0 before and after; counted like an HTTP session, so {@code switchboard_sessions_open} has a stdio series
     */
    @Override
    public OptionalInt openSessions() {
        StdioSession current = session.get();
        return OptionalInt.of(current != null && current.open() ? 1 : 0);
    }

    @Override
    public void stop() {
        StdioSession current = session.get();
        if (current != null) {
            current.stop();
        }
    }
}
