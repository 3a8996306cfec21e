package dev.switchboard.bridge.mcp;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.resource.ResourceCatalog;
import dev.switchboard.ports.resource.ResourceUpdateSink;
import dev.switchboard.ports.tool.ToolCatalog;

/**
 * A running MCP server built by {@link McpServerAssembly}: lets the transport cancel calls, report what its sessions
 * subscribe to and when they end, and close the server. Thread-safe; closing is idempotent.
 */
public final class McpServerHandle implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(McpServerHandle.class);
    private static final Duration GRACEFUL_CLOSE_LIMIT = Duration.ofSeconds(10);

    private final McpAsyncServer server;
    private final Offload offload;
    private final InFlightCalls inFlight;
    private final ServedLists servedLists;
    private final SessionSubscriptions subscriptions;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Runnable stopListening = () -> {};

    McpServerHandle(
            McpAsyncServer server,
            Offload offload,
            InFlightCalls inFlight,
            ServedLists servedLists,
            SessionSubscriptions subscriptions) {
        this.server = server;
        this.offload = offload;
        this.inFlight = inFlight;
        this.servedLists = servedLists;
        this.subscriptions = subscriptions;
    }

    /**
     * Narrows an answer to {@code resources/list}, {@code resources/templates/list} or {@code prompts/list} to the
     * entries whose provider is served to the caller ({@code ResourceProvider.servedTo},
     * {@code PromptProvider.servedTo}; ADR 20): the SDK lists everything registered, whoever asks. A transport whose
     * callers are not all the owner MUST pass every answer to these methods through here before writing it.
     *
     * @param method the method of the request answered
     * @param answer the SDK's answer to it
     * @param caller who sent the request
     * @return the answer to write: {@code answer} itself for any other method or an error
     */
    public McpSchema.JSONRPCResponse servedTo(String method, McpSchema.JSONRPCResponse answer, Principal caller) {
        return servedLists.servedTo(method, answer, caller);
    }

    /**
     * The answer to a request the SDK must not see: params not shaped as the MCP schema says (not an object, a list's
     * cursor that is not a string, a {@code resources/read} without a string {@code uri}, ...) are -32602
     * ({@link RequestParams}); for this caller, a {@code resources/subscribe} of a URI not served to it is "resource
     * not found" (-32002), as its read would be (the SDK records any URI). Every transport MUST ask this before handing
     * a request to the SDK, and send the answer instead.
     *
     * @param request a client's request
     * @param caller  who sent it
     * @return the answer to send in the SDK's place, or empty to hand the request to the SDK
     */
    public Optional<McpSchema.JSONRPCResponse> refusal(McpSchema.JSONRPCRequest request, Principal caller) {
        Optional<McpSchema.JSONRPCResponse> malformed = RequestParams.refusal(request);
        return malformed.isPresent() ? malformed : servedLists.refusal(request, caller);
    }

    /**
     * Registers this server with the catalog, until it closes: a changed resource is told to its sessions that
     * subscribed to it, and a changed list brings the server's registered resources up to date. Called once, by the
     * assembly.
     */
    void listenTo(ResourceCatalog catalog, ResourceListSync listSync) {
        ResourceUpdateSink sink = new ResourceUpdateSink() {
            @Override
            public void updated(String uri) {
                resourceUpdated(uri);
            }

            @Override
            public void listChanged() {
                if (!closed.get()) {
                    listSync.request();
                }
            }
        };
        catalog.addUpdateListener(sink);
        stopListening = () -> catalog.removeUpdateListener(sink);
    }

    /**
     * Registers this server with the tool catalog, until it closes: a changed catalog brings the server's registered
     * tools up to date. Called once, by the assembly, after {@link #listenTo}.
     */
    void listenToTools(ToolCatalog catalog, ToolListSync listSync) {
        Runnable listener = () -> {
            if (!closed.get()) {
                listSync.request();
            }
        };
        catalog.addChangeListener(listener);
        Runnable resources = stopListening;
        stopListening = () -> {
            resources.run();
            catalog.removeChangeListener(listener);
        };
    }

    /**
     * Shows the bridge a request just before the transport hands it to the SDK session, so that what a client
     * subscribes to is followed ({@code ResourceCatalog.follow}) from its {@code resources/subscribe} until its
     * {@code resources/unsubscribe} or its session's end: a provider watches a resource's source only while some
     * client subscribed to it. Every transport MUST call it for every request it hands to the SDK (after
     * {@link #refusal}, for a request refused there is not handed on); it runs the providers' follow on the calling
     * thread, before the SDK answers. Any other request is ignored.
     *
     * @param sessionId the SDK session id ({@code McpServerSession.getId()})
     * @param request   the client's request
     * @param caller    who sent it
     */
    public void observe(String sessionId, McpSchema.JSONRPCRequest request, Principal caller) {
        subscriptions.observe(sessionId, request, caller);
    }

    /**
     * Ends what one session subscribed to, when it ended (its client went away, it was deleted or expired). A transport
     * with one session per server need not call it: closing the server ends them all.
     *
     * @param sessionId the SDK session id
     */
    public void sessionEnded(String sessionId) {
        subscriptions.ended(sessionId);
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
     * Raises the cancellation signal of every running call of one session because the server is stopping (SIGTERM,
     * {@code server stop}): a call that then answers CANCELLED is answered UNAVAILABLE instead, saying the server is
     * stopping ({@link StoppingAnswers}), since CANCELLED means that the client cancelled.
     *
     * @param sessionId the SDK session id
     */
    public void stopSession(String sessionId) {
        inFlight.stopSession(sessionId);
    }

    /**
     * Closes gracefully: cancels calls still running (as {@link #stopSession} does), lets the provider close its sessions (bounded to 10 s), then
     * stops the call threads. Blocks. Call it after the transport has let in-flight calls finish.
     */
    public void closeGracefully() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        inFlight.cancelAll();
        stopListening.run();
        subscriptions.closeAll();
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
        stopListening.run();
        subscriptions.closeAll();
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
