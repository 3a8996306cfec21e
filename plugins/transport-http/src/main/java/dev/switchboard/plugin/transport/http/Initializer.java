package dev.switchboard.plugin.transport.http;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;

import dev.switchboard.bridge.mcp.transport.ProtocolRules;
import dev.switchboard.ports.call.Principal;

/**
 * Answers {@code initialize}: makes room for a session (503 when every session is busy), starts an SDK session,
 * binds it to the caller under a fresh unguessable id, and answers with one JSON body carrying
 * {@code Mcp-Session-Id}. Thread-safe.
 */
final class Initializer {

    private static final Logger LOG = LoggerFactory.getLogger(Initializer.class);
    private static final Duration INITIALIZE_LIMIT = Duration.ofSeconds(30);

    private final StreamableProvider provider;
    private final SessionRegistry sessions;
    private final ServingState state;
    private final McpJsonMapper mapper;

    Initializer(StreamableProvider provider, SessionRegistry sessions, ServingState state, McpJsonMapper mapper) {
        this.provider = provider;
        this.sessions = sessions;
        this.state = state;
        this.mapper = mapper;
    }

    void initialize(McpSchema.JSONRPCRequest request, Principal caller, ServerResponse response) {
        if (state.stopping()) {
            Replies.error(
                    response,
                    Status.SERVICE_UNAVAILABLE_503,
                    request.id(),
                    Replies.SERVER_ERROR,
                    "Service Unavailable: the server is shutting down");
            return;
        }
        McpSchema.InitializeRequest params;
        try {
            params = mapper.convertValue(request.params(), McpSchema.InitializeRequest.class);
        } catch (RuntimeException e) {
            // Jackson's refusal, or the bridge's -32602 McpError: the client sent the wrong shape
            params = null;
        }
        if (params == null || params.protocolVersion() == null) {
            Replies.error(
                    response,
                    Status.BAD_REQUEST_400,
                    request.id(),
                    Replies.INVALID_PARAMS,
                    "Invalid params: initialize needs {protocolVersion, capabilities, clientInfo}");
            return;
        }
        try {
            sessions.reserve();
        } catch (SessionLimitException e) {
            response.header(HeaderNames.RETRY_AFTER, "1");
            Replies.error(
                    response,
                    Status.SERVICE_UNAVAILABLE_503,
                    request.id(),
                    Replies.SERVER_ERROR,
                    "Service Unavailable: " + e.getMessage());
            return;
        }
        start(request, params, caller, response);
    }

    private void start(
            McpSchema.JSONRPCRequest request,
            McpSchema.InitializeRequest params,
            Principal caller,
            ServerResponse response) {
        HttpSession session;
        McpSchema.InitializeResult result;
        try {
            McpStreamableServerSession.McpStreamableServerSessionInit started = provider.startSession(params);
            result = started.initResult()
                    .contextWrite(CallerContext.forRequest(request.id(), caller))
                    .block(INITIALIZE_LIMIT);
            session = new HttpSession(
                    SessionIds.next(),
                    caller,
                    started.session(),
                    result.protocolVersion(),
                    ProtocolRules.declaresRoots(request.params()));
        } catch (RuntimeException e) {
            sessions.release();
            LOG.warn("initialize failed", e);
            Replies.error(
                    response,
                    Status.INTERNAL_SERVER_ERROR_500,
                    request.id(),
                    Replies.INTERNAL_ERROR,
                    "Internal error: the session could not be started");
            return;
        }
        sessions.add(session);
        response.header(McpHeaders.SESSION_ID, session.id());
        Replies.json(
                response,
                Status.OK_200,
                new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, request.id(), result, null));
    }
}
