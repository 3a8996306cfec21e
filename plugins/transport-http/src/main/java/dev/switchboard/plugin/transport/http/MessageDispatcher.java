package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerHandle;
import dev.switchboard.bridge.mcp.transport.ProtocolRules;
import dev.switchboard.ports.call.Principal;

/**
 * Routes the decoded messages of a POST: {@code initialize} to the {@link Initializer}; everything else needs the
 * caller's session. Requests are answered on the POST's response ({@link RequestStreams}); notifications and the
 * client's answers to server requests are handed to the session and acknowledged with 202, and
 * {@code notifications/cancelled} raises the named call's cancellation signal (its answer is then not sent). Batches
 * are accepted only in sessions that negotiated a version that has them (2025-03-26 and earlier). Thread-safe.
 */
final class MessageDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(MessageDispatcher.class);
    private static final Duration ACCEPT_LIMIT = Duration.ofSeconds(30);
    private static final String CANCELLED = "notifications/cancelled";

    private final Preconditions preconditions;
    private final Initializer initializer;
    private final RequestStreams requests;
    private final McpServerHandle server;

    MessageDispatcher(
            Preconditions preconditions, Initializer initializer, RequestStreams requests, McpServerHandle server) {
        this.preconditions = preconditions;
        this.initializer = initializer;
        this.requests = requests;
        this.server = server;
    }

    /**
     * @param refusalId the id a refusal of this message carries ({@link dev.switchboard.bridge.mcp.transport.RefusalIds}):
     *                  a request's id, else null
     */
    void single(
            McpSchema.JSONRPCMessage message,
            Object refusalId,
            Principal caller,
            CredentialLease lease,
            ServerRequest request,
            ServerResponse response) {
        if (message instanceof McpSchema.JSONRPCRequest call && isInitialize(call)) {
            initializer.initialize(call, caller, response);
            return;
        }
        Optional<HttpSession> session = preconditions.session(request, response, caller, refusalId);
        if (session.isEmpty()) {
            return;
        }
        if (message instanceof McpSchema.JSONRPCRequest call) {
            requests.answer(session.get(), List.of(call), caller, lease, response);
        } else {
            deliver(session.get(), message, caller);
            Replies.empty(response, Status.ACCEPTED_202);
        }
    }

    void batch(
            List<McpSchema.JSONRPCMessage> messages,
            Principal caller,
            CredentialLease lease,
            ServerRequest request,
            ServerResponse response) {
        if (messages.stream().anyMatch(m -> m instanceof McpSchema.JSONRPCRequest call && isInitialize(call))) {
            Replies.error(
                    response,
                    Status.BAD_REQUEST_400,
                    Replies.INVALID_REQUEST,
                    "Invalid Request: initialize must not be part of a batch");
            return;
        }
        Optional<HttpSession> session = preconditions.session(request, response, caller);
        if (session.isEmpty()) {
            return;
        }
        if (!ProtocolRules.allowsBatches(session.get().protocolVersion())) {
            Replies.error(
                    response,
                    Status.BAD_REQUEST_400,
                    Replies.INVALID_REQUEST,
                    "Invalid Request: JSON-RPC"
                            + " batches are not part of protocol version "
                            + session.get().protocolVersion()
                            + ", which this session negotiated; send one message per POST");
            return;
        }
        messages.stream()
                .filter(m -> !(m instanceof McpSchema.JSONRPCRequest))
                .forEach(m -> deliver(session.get(), m, caller));
        List<McpSchema.JSONRPCRequest> calls = messages.stream()
                .filter(McpSchema.JSONRPCRequest.class::isInstance)
                .map(McpSchema.JSONRPCRequest.class::cast)
                .toList();
        if (calls.isEmpty()) {
            Replies.empty(response, Status.ACCEPTED_202);
        } else {
            requests.answer(session.get(), calls, caller, lease, response);
        }
    }

    private void deliver(HttpSession session, McpSchema.JSONRPCMessage message, Principal caller) {
        try {
            switch (message) {
                case McpSchema.JSONRPCNotification notification
                when isCancellation(notification) -> cancel(session, notification);
                case McpSchema.JSONRPCNotification notification
                when !ProtocolRules.forwards(notification.method(), session.clientDeclaredRoots()) ->
                    LOG.debug("dropped {}: the client did not declare roots", notification.method());
                case McpSchema.JSONRPCNotification notification ->
                    session.sdk()
                            .accept(notification)
                            .contextWrite(CallerContext.forMessage(caller))
                            .block(ACCEPT_LIMIT);
                case McpSchema.JSONRPCResponse answer ->
                    session.sdk()
                            .accept(answer)
                            .contextWrite(CallerContext.forMessage(caller))
                            .block(ACCEPT_LIMIT);
                default -> LOG.debug("ignored a message that is neither notification nor response");
            }
        } catch (RuntimeException e) {
            LOG.debug("the session did not take a message from its client", e);
        }
    }

    /**
     * The SDK has no handler for {@code notifications/cancelled}; the bridge finds the call by its request id, and the
     * call's answer is then not sent (MCP 2025-11-25, cancellation).
     */
    private void cancel(HttpSession session, McpSchema.JSONRPCNotification notification) {
        if (notification.params() instanceof Map<?, ?> params
                && params.get("requestId") != null
                && session.inFlightIds().cancel(params.get("requestId"))) {
            server.cancelRequest(session.sdkId(), params.get("requestId"));
        }
    }

    private static boolean isCancellation(McpSchema.JSONRPCNotification notification) {
        return CANCELLED.equals(notification.method());
    }

    private static boolean isInitialize(McpSchema.JSONRPCRequest request) {
        return McpSchema.METHOD_INITIALIZE.equals(request.method());
    }
}
