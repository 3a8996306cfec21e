package dev.switchboard.plugin.transport.stdio;

import java.util.Map;
import java.util.Objects;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * Applies the MCP lifecycle in front of the SDK session, which would otherwise park a request sent before
 * {@code notifications/initialized} forever:
 * <ul>
 * <li>before a successful {@code initialize}: {@code ping} is answered {@code {}}, other requests get -32600
 * "send initialize first", notifications are dropped;</li>
 * <li>{@code initialize} without a params object gets -32602; a second one after success gets -32600;</li>
 * <li>after the initialize answer, the first message other than {@code notifications/initialized} makes the router
 * deliver that notification on the client's behalf, so nothing waits for it;</li>
 * <li>{@code notifications/cancelled} raises the named call's cancellation signal (the SDK has no handler for it).</li>
 * </ul>
 * Runs on the thread that holds the reading role (one at a time, handed over with a happens-before edge);
 * {@link #observeOutbound} may run on any thread.
 */
final class InboundRouter {

    private static final Logger LOG = LoggerFactory.getLogger(InboundRouter.class);

    private enum Phase { AWAITING_INITIALIZE, INITIALIZE_ANSWERED, READY }

    private final SessionPort session;
    private volatile Phase phase = Phase.AWAITING_INITIALIZE;
    private volatile Object initializeId;

    InboundRouter(SessionPort session) {
        this.session = session;
    }

    void route(McpSchema.JSONRPCMessage message) {
        switch (message) {
            case McpSchema.JSONRPCRequest request -> onRequest(request);
            case McpSchema.JSONRPCNotification notification -> onNotification(notification);
            default -> session.deliver(message);
        }
    }

    /** Watches the session's answers for the success of {@code initialize}. */
    void observeOutbound(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCResponse response && response.result() != null
                && phase == Phase.AWAITING_INITIALIZE && Objects.equals(response.id(), initializeId)) {
            phase = Phase.INITIALIZE_ANSWERED;
        }
    }

    private void onRequest(McpSchema.JSONRPCRequest request) {
        if (McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            onInitialize(request);
            return;
        }
        if (phase == Phase.AWAITING_INITIALIZE) {
            session.reply(McpSchema.METHOD_PING.equals(request.method())
                    ? JsonRpcReplies.result(request.id(), Map.of())
                    : JsonRpcReplies.error(request.id(), JsonRpcReplies.INVALID_REQUEST,
                            "Session not initialized: send initialize first"));
            return;
        }
        completeInitialization();
        session.dispatch(request);
    }

    private void onInitialize(McpSchema.JSONRPCRequest request) {
        if (phase != Phase.AWAITING_INITIALIZE) {
            session.reply(JsonRpcReplies.error(request.id(), JsonRpcReplies.INVALID_REQUEST,
                    "initialize was already answered; this session is initialized"));
        } else if (!(request.params() instanceof Map)) {
            session.reply(JsonRpcReplies.error(request.id(), JsonRpcReplies.INVALID_PARAMS,
                    "initialize needs params {protocolVersion, capabilities, clientInfo}"));
        } else {
            initializeId = request.id();
            session.deliver(request);
        }
    }

    private void onNotification(McpSchema.JSONRPCNotification notification) {
        String method = notification.method();
        if (phase == Phase.AWAITING_INITIALIZE) {
            LOG.debug("dropped {} received before initialize", method);
        } else if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(method)) {
            completeInitialization();
        } else if ("notifications/cancelled".equals(method)) {
            if (notification.params() instanceof Map<?, ?> params && params.get("requestId") != null) {
                session.cancel(params.get("requestId"));
            }
        } else {
            completeInitialization();
            session.deliver(notification);
        }
    }

    /** Delivers {@code notifications/initialized} once, whether the client sent it or not. */
    private void completeInitialization() {
        if (phase == Phase.INITIALIZE_ANSWERED) {
            phase = Phase.READY;
            session.deliver(new McpSchema.JSONRPCNotification(McpSchema.METHOD_NOTIFICATION_INITIALIZED, null));
        }
    }
}
