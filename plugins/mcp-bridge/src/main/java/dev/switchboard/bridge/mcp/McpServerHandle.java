package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * A running MCP server built by {@link McpServerAssembly}: lets the transport cancel calls and close the server.
 * Thread-safe; closing is idempotent.
 */
public final class McpServerHandle implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(McpServerHandle.class);
    private static final Duration GRACEFUL_CLOSE_LIMIT = Duration.ofSeconds(10);

    private final McpAsyncServer server;
    private final Offload offload;
    private final InFlightCalls inFlight;
    private final AtomicBoolean closed = new AtomicBoolean();

    McpServerHandle(McpAsyncServer server, Offload offload, InFlightCalls inFlight) {
        this.server = server;
        this.offload = offload;
        this.inFlight = inFlight;
    }

    /**
     * Raises the cancellation signal of one running tool call, as {@code notifications/cancelled} asks. The call
     * must have been delivered with a transport context from {@link RequestContexts#forRequest}.
     *
     * @param sessionId the SDK session id ({@code McpServerSession.getId()})
     * @param requestId the JSON-RPC id the notification names
     * @return true if a running call was found
     */
    public boolean cancelRequest(String sessionId, Object requestId) {
        return inFlight.cancel(sessionId, requestId);
    }

    /**
     * Raises the cancellation signal of every running call of one session, when its client went away.
     *
     * @param sessionId the SDK session id
     */
    public void cancelSession(String sessionId) {
        inFlight.cancelSession(sessionId);
    }

    /**
     * Closes gracefully: cancels calls still running, lets the provider close its sessions (bounded to 10 s), then
     * stops the call threads. Blocks. Call it after the transport has let in-flight calls finish.
     */
    public void closeGracefully() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        inFlight.cancelAll();
        try {
            server.closeGracefully().block(GRACEFUL_CLOSE_LIMIT);
        } catch (RuntimeException e) {
            LOG.warn("MCP server did not close gracefully; closing it now", e);
            server.close();
        } finally {
            offload.close();
        }
    }

    /** Closes at once: cancels running calls, closes the provider and interrupts the call threads. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        inFlight.cancelAll();
        server.close();
        offload.close();
    }

    /** Tells subscribed clients that a resource changed; returns at once (the catalog's listener contract). */
    void resourceUpdated(String uri) {
        if (closed.get()) {
            return;
        }
        server.notifyResourcesUpdated(new McpSchema.ResourcesUpdatedNotification(uri, null))
                .subscribe(null, e -> LOG.debug("resource update for {} not delivered", uri, e));
    }
}
