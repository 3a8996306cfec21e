package dev.switchboard.plugin.transport.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpStreamableServerSession;

import dev.switchboard.bridge.mcp.transport.InFlightIds;
import dev.switchboard.ports.call.Principal;

/**
 * One MCP session over HTTP: the SDK session, the id the client sees, the principal that created it (only that
 * principal may use it), and what is open on it now (response streams of running requests, the GET stream with the
 * events kept for a reconnecting client).
 * Thread-safe.
 */
final class HttpSession {

    private static final Logger LOG = LoggerFactory.getLogger(HttpSession.class);

    private final String id;
    private final Principal owner;
    private final McpStreamableServerSession sdk;
    private final String protocolVersion;
    private final boolean clientDeclaredRoots;
    private final InFlightIds inFlightIds = new InFlightIds();
    private final AtomicInteger running = new AtomicInteger();
    private final Set<StreamChannel> responseStreams = ConcurrentHashMap.newKeySet();
    private final AtomicReference<ResumableStream> resumable = new AtomicReference<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile long lastUsedNanos = System.nanoTime();

    /**
     * @param id    the {@code Mcp-Session-Id} value, unguessable
     * @param owner the principal that initialized the session
     * @param sdk   the SDK's session
     * @param protocolVersion     the version negotiated by {@code initialize}
     * @param clientDeclaredRoots whether the client's {@code initialize} declared the {@code roots} capability
     */
    HttpSession(
            String id,
            Principal owner,
            McpStreamableServerSession sdk,
            String protocolVersion,
            boolean clientDeclaredRoots) {
        this.id = id;
        this.owner = owner;
        this.sdk = sdk;
        this.protocolVersion = protocolVersion;
        this.clientDeclaredRoots = clientDeclaredRoots;
    }

    /** @return whether the client declared {@code roots}, without which the server never asks it roots/list */
    boolean clientDeclaredRoots() {
        return clientDeclaredRoots;
    }

    /** @return the protocol version negotiated by {@code initialize}, which decides what the session may send */
    String protocolVersion() {
        return protocolVersion;
    }

    /** @return the ids of this session's requests still running, and which of them the client cancelled */
    InFlightIds inFlightIds() {
        return inFlightIds;
    }

    String id() {
        return id;
    }

    /** @return the SDK's own id of the session, which the bridge uses to find the session's running calls */
    String sdkId() {
        return sdk.getId();
    }

    McpStreamableServerSession sdk() {
        return sdk;
    }

    /** @return whether {@code caller} is the principal that created this session */
    boolean belongsTo(Principal caller) {
        return owner.id().equals(caller.id()) && owner.kind() == caller.kind();
    }

    long lastUsedNanos() {
        return lastUsedNanos;
    }

    /** @return whether a request of this session is being answered now */
    boolean busy() {
        return running.get() > 0;
    }

    /** @return whether a client is connected to the session's GET stream */
    boolean listening() {
        ResumableStream stream = resumable.get();
        return stream != null && stream.connected();
    }

    void touch() {
        lastUsedNanos = System.nanoTime();
    }

    /** Counts a response stream as open until {@link #responseEnded}. */
    void responseStarted(StreamChannel channel) {
        running.incrementAndGet();
        responseStreams.add(channel);
        touch();
        if (closed.get()) {
            channel.terminate();
        }
    }

    void responseEnded(StreamChannel channel) {
        responseStreams.remove(channel);
        running.decrementAndGet();
        touch();
    }

    /**
     * @param mapper encodes the stream's events
     * @return the session's GET stream, made the SDK session's listening transport at the first call, so that what
     *     the server sends outside requests is kept for a client that reconnects from then on
     */
    ResumableStream resumableStream(McpJsonMapper mapper) {
        ResumableStream stream = resumable.get();
        if (stream != null) {
            return stream;
        }
        ResumableStream created = new ResumableStream(mapper);
        if (!resumable.compareAndSet(null, created)) {
            return resumable.get();
        }
        sdk.listeningStream(created);
        if (closed.get()) {
            created.close();
        }
        return created;
    }

    /** Ends the session: its streams end, the SDK session closes. Idempotent. */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        ResumableStream stream = resumable.get();
        if (stream != null) {
            stream.close();
        }
        responseStreams.forEach(StreamChannel::terminate);
        sdk.delete().subscribe(null, e -> LOG.debug("session {} did not close cleanly", id, e));
    }
}
