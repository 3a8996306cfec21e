package dev.switchboard.plugin.transport.stdio;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.ModernServerHandle;
import dev.switchboard.bridge.mcp.transport.JsonRpcErrors;
import dev.switchboard.bridge.mcp.transport.ModernAttempts;
import dev.switchboard.bridge.mcp.transport.ModernEra;
import dev.switchboard.bridge.mcp.transport.ProtocolRules;

/**
 * Applies the MCP lifecycle in front of the SDK session, which would otherwise park a request sent before
 * {@code notifications/initialized} forever:
 * <ul>
 * <li>a request of the modern era (MCP 2026-07-28: a version claim in {@code params._meta}, or
 * {@code server/discover}: {@link ModernEra#claims}) is served statelessly, whatever the session's phase, and leaves
 * the phase as it was; {@code initialize} without the claim selects the legacy era as below; a request whose
 * {@code _meta} carries the modern version key with a value that is no version gets -32602, and a notification
 * carrying it other than {@code notifications/cancelled} is dropped ({@link ModernAttempts});</li>
 * <li>before a successful {@code initialize}: {@code ping} is answered {@code {}}, other requests get -32600
 * "send initialize first", notifications other than {@code notifications/cancelled} are dropped;</li>
 * <li>{@code initialize} without a params object gets -32602; a second one after success gets -32600;</li>
 * <li>after the initialize answer, the first message other than {@code notifications/initialized} makes the router
 * deliver that notification on the client's behalf, so nothing waits for it;</li>
 * <li>{@code notifications/cancelled} raises the named call's cancellation signal (the SDK has no handler for it),
 * in either era and whatever the phase (a modern-era tool call's or listen stream's too, ADR 45); the call's answer
 * is then not sent;</li>
 * <li>{@code notifications/roots/list_changed} from a client that did not declare {@code roots} is dropped, so the
 * server never asks it {@code roots/list};</li>
 * <li>a JSON-RPC batch that tries the modern era is refused with -32600 (the era has none); the legacy session's
 * own messages are written only once its {@code initialize} was answered ({@link #legacyOpened});</li>
 * <li>a JSON-RPC batch is accepted when the negotiated protocol version has them (2025-03-26 and earlier, as over
 * HTTP) and refused with -32600 otherwise, before initialization, or when it carries {@code initialize}.</li>
 * </ul>
 * Runs on the thread that holds the reading role (one at a time, handed over with a happens-before edge);
 * {@link #observeOutbound} may run on any thread.
 */
final class InboundRouter {

    private static final Logger LOG = LoggerFactory.getLogger(InboundRouter.class);

    private enum Phase {
        AWAITING_INITIALIZE,
        INITIALIZE_ANSWERED,
        READY
    }

    private final SessionPort session;
    private volatile Phase phase = Phase.AWAITING_INITIALIZE;
    private volatile Object initializeId;
    private volatile String protocolVersion;
    private volatile boolean clientDeclaredRoots;

    InboundRouter(SessionPort session) {
        this.session = session;
    }

    void route(McpSchema.JSONRPCMessage message) {
        switch (message) {
            case McpSchema.JSONRPCRequest request when ModernEra.claims(request) -> session.modern(request);
            case McpSchema.JSONRPCRequest request -> {
                // a request that tries the modern era but is malformed gets its -32602, never the legacy lifecycle's
                Optional<ModernServerHandle.Answer> misfit = ModernAttempts.answer(request, null);
                if (misfit.isPresent()) {
                    session.reply(replyOf(misfit.get()));
                } else {
                    onRequest(request);
                }
            }
            case McpSchema.JSONRPCNotification notification -> onNotification(notification);
            default -> session.deliver(message);
        }
    }

    /** Runs a batch, or refuses it whole. */
    void batch(List<McpSchema.JSONRPCMessage> messages) {
        String refusal = ModernAttempts.batchRefusal(messages, null).orElse(null);
        if (refusal != null) {
            LOG.debug("refused a batch of the modern era");
        } else if (phase == Phase.AWAITING_INITIALIZE) {
            refusal = "Session not initialized: send initialize first, alone";
        } else if (!ProtocolRules.allowsBatches(protocolVersion)) {
            refusal = "Invalid Request: JSON-RPC batches are not part of protocol version " + protocolVersion
                    + "; send one message per line";
        } else if (messages.stream()
                .anyMatch(m -> m instanceof McpSchema.JSONRPCRequest request
                        && McpSchema.METHOD_INITIALIZE.equals(request.method()))) {
            refusal = "Invalid Request: initialize must not be part of a batch";
        }
        if (refusal != null) {
            session.reply(JsonRpcErrors.error(null, JsonRpcErrors.INVALID_REQUEST, refusal));
            return;
        }
        completeInitialization();
        session.batch(messages.stream()
                .filter(m -> !isCancellation(m) || !cancel(m))
                .filter(m -> !(m instanceof McpSchema.JSONRPCNotification notification)
                        || ProtocolRules.forwards(notification.method(), clientDeclaredRoots))
                .toList());
    }

    /**
     * @return whether the legacy session has been opened on this connection: its {@code initialize} was answered
     *     with success. Until then the legacy server's own messages (its list-change notifications, its requests to
     *     the client) are not for this connection, which may speak only the modern era.
     */
    boolean legacyOpened() {
        return phase != Phase.AWAITING_INITIALIZE;
    }

    /** Watches the session's answers for the success of {@code initialize} and the version it negotiated. */
    void observeOutbound(McpSchema.JSONRPCMessage message) {
        if (message instanceof McpSchema.JSONRPCResponse response
                && response.result() != null
                && phase == Phase.AWAITING_INITIALIZE
                && Objects.equals(response.id(), initializeId)) {
            protocolVersion =
                    response.result() instanceof McpSchema.InitializeResult result ? result.protocolVersion() : null;
            phase = Phase.INITIALIZE_ANSWERED;
        }
    }

    private static boolean isCancellation(McpSchema.JSONRPCMessage message) {
        return message instanceof McpSchema.JSONRPCNotification notification
                && "notifications/cancelled".equals(notification.method());
    }

    /** @return true: the notification has been handled */
    private boolean cancel(McpSchema.JSONRPCMessage message) {
        if (((McpSchema.JSONRPCNotification) message).params() instanceof Map<?, ?> params
                && params.get("requestId") != null) {
            session.cancel(params.get("requestId"));
        }
        return true;
    }

    private void onRequest(McpSchema.JSONRPCRequest request) {
        if (McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            onInitialize(request);
            return;
        }
        if (phase == Phase.AWAITING_INITIALIZE) {
            session.reply(
                    McpSchema.METHOD_PING.equals(request.method())
                            ? JsonRpcErrors.result(request.id(), Map.of())
                            : JsonRpcErrors.error(
                                    request.id(),
                                    JsonRpcErrors.INVALID_REQUEST,
                                    "Session not initialized: send initialize first"));
            return;
        }
        completeInitialization();
        session.dispatch(request);
    }

    private void onInitialize(McpSchema.JSONRPCRequest request) {
        if (phase != Phase.AWAITING_INITIALIZE) {
            session.reply(JsonRpcErrors.error(
                    request.id(),
                    JsonRpcErrors.INVALID_REQUEST,
                    "initialize was already answered; this session is initialized"));
        } else if (!(request.params() instanceof Map)) {
            session.reply(JsonRpcErrors.error(
                    request.id(),
                    JsonRpcErrors.INVALID_PARAMS,
                    "initialize needs params {protocolVersion, capabilities, clientInfo}"));
        } else {
            initializeId = request.id();
            clientDeclaredRoots = ProtocolRules.declaresRoots(request.params());
            session.deliver(request);
        }
    }

    private void onNotification(McpSchema.JSONRPCNotification notification) {
        String method = notification.method();
        if (isCancellation(notification)) {
            // whatever the phase: a modern-era request runs without a legacy initialize
            cancel(notification);
        } else if (ModernAttempts.answer(notification, null).isPresent()) {
            // a notification never gets an answer; the modern era takes none but notifications/cancelled
            LOG.debug("dropped {}: not a notification of the modern era", method);
        } else if (phase == Phase.AWAITING_INITIALIZE) {
            LOG.debug("dropped {} received before initialize", method);
        } else if (McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(method)) {
            completeInitialization();
        } else if (!ProtocolRules.forwards(method, clientDeclaredRoots)) {
            LOG.debug("dropped {}: the client did not declare the capability the server would use", method);
        } else {
            completeInitialization();
            session.deliver(notification);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> replyOf(ModernServerHandle.Answer answer) {
        return (Map<String, Object>) answer.body();
    }

    /** Delivers {@code notifications/initialized} once, whether the client sent it or not. */
    private void completeInitialization() {
        if (phase == Phase.INITIALIZE_ANSWERED) {
            phase = Phase.READY;
            session.deliver(new McpSchema.JSONRPCNotification(McpSchema.METHOD_NOTIFICATION_INITIALIZED, null));
        }
    }
}
