package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerHandle;
import dev.switchboard.bridge.mcp.transport.InFlightIds;
import dev.switchboard.ports.call.Principal;

/**
 * Answers the requests of one POST on that POST's own response: each request goes to the SDK session with the
 * caller attached, and everything the SDK sends while handling them (log and progress notifications, sampling and
 * elicitation requests, the answers) is written on this response by the {@link StreamPump}. When the client goes
 * away, the requests still running go on to their end (their answers are lost; the session counts as busy until
 * then); when the stream is ended from this side (session deleted, drain timeout), they are cancelled. A request
 * reusing the id of one still running in the session is refused (400, -32600); the answer of a request the client
 * cancelled is not sent. Refused with 503 once shutdown has begun. What is served depends on the caller (ADR 20):
 * list answers are narrowed to it and a subscription to a resource not served to it is answered "resource not found"
 * without reaching the SDK ({@link McpServerHandle#servedTo}, {@link McpServerHandle#refusal}); every other request
 * is shown to the bridge first ({@link McpServerHandle#observe}), which follows what the session subscribes to.
 * Thread-safe.
 */
final class RequestStreams {

    private final McpServerHandle server;
    private final ServingState state;
    private final McpJsonMapper mapper;
    private final Duration heartbeat;

    RequestStreams(McpServerHandle server, ServingState state, McpJsonMapper mapper, Duration heartbeat) {
        this.server = server;
        this.state = state;
        this.mapper = mapper;
        this.heartbeat = heartbeat;
    }

    /**
     * @param lease the caller's credential, confirmed again before an answer written past its freshness (ADR 27): a
     *              credential that died while the requests ran gets FORBIDDEN instead of their answers, and the
     *              requests still running are cancelled
     */
    void answer(
            HttpSession session,
            List<McpSchema.JSONRPCRequest> requests,
            Principal caller,
            CredentialLease lease,
            ServerResponse response) {
        Object refusalId = requests.size() == 1 ? requests.getFirst().id() : null;
        if (!state.enter()) {
            Replies.error(
                    response,
                    Status.SERVICE_UNAVAILABLE_503,
                    refusalId,
                    Replies.SERVER_ERROR,
                    "Service Unavailable: the server is shutting down");
            return;
        }
        List<InFlightIds.Claim> claims = claim(session, requests);
        if (claims == null) {
            state.exit();
            Replies.error(
                    response,
                    Status.BAD_REQUEST_400,
                    refusalId,
                    Replies.INVALID_REQUEST,
                    "Invalid Request: a request"
                            + " id is used twice in this POST or belongs to a request still running in this session; use a"
                            + " new id for each request");
            return;
        }
        StreamChannel channel = new StreamChannel(mapper, false, servedTo(requests, caller));
        Set<Object> pending = new LinkedHashSet<>();
        session.responseStarted(channel);
        try {
            for (McpSchema.JSONRPCRequest request : requests) {
                pending.add(StreamPump.key(request.id()));
                Optional<McpSchema.JSONRPCResponse> refused = server.refusal(request, caller);
                if (refused.isPresent()) {
                    channel.sendMessage(refused.get()).block();
                    channel.finished(request.id(), null);
                    continue;
                }
                server.observe(session.sdkId(), request, caller);
                session.sdk()
                        .responseStream(channel)
                        .handle(request)
                        .contextWrite(CallerContext.forRequest(request.id(), caller))
                        .subscribe(
                                null,
                                error -> channel.finished(request.id(), error),
                                () -> channel.finished(request.id(), null));
            }
            ResponseWriter writer = new ResponseWriter(response, mapper);
            StreamPump pump = new StreamPump(channel, writer, heartbeat, lease);
            StreamPump.Outcome outcome = pump.answer(pending, session.inFlightIds());
            if (outcome == StreamPump.Outcome.CLIENT_GONE) {
                // Not a cancellation (MCP streamable HTTP): the calls finish and the session stays busy meanwhile.
                outcome = pump.settle(pending);
            }
            if (outcome != StreamPump.Outcome.ANSWERED) {
                pending.forEach(id -> server.cancelRequest(session.sdkId(), id));
            }
            if (outcome == StreamPump.Outcome.ANSWERED && !writer.streaming() && !response.isSent()) {
                writer.emptyStream(); // every answer was for a cancelled request: nothing to send
            }
            writer.finish(
                    outcome != StreamPump.Outcome.WITHHELD && pending.size() == 1
                            ? pending.iterator().next()
                            : null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.forEach(id -> server.cancelRequest(session.sdkId(), id));
        } finally {
            claims.forEach(session.inFlightIds()::release);
            channel.terminate();
            session.responseEnded(channel);
            state.exit();
        }
    }

    /**
     * @return what narrows the answers of this POST's list requests to what is served to {@code caller} (ADR 20); the
     *     SDK lists every registered resource, template and prompt, whoever asks
     */
    private UnaryOperator<McpSchema.JSONRPCMessage> servedTo(
            List<McpSchema.JSONRPCRequest> requests, Principal caller) {
        Map<Object, String> methods = new HashMap<>();
        requests.forEach(request -> methods.put(StreamPump.key(request.id()), request.method()));
        return message -> {
            if (message instanceof McpSchema.JSONRPCResponse answer) {
                String method = methods.get(StreamPump.key(answer.id()));
                if (method != null) {
                    return server.servedTo(method, answer, caller);
                }
            }
            return message;
        };
    }

    /** @return the requests' holds on their ids, or null (nothing held) when one is taken or repeats */
    private static List<InFlightIds.Claim> claim(HttpSession session, List<McpSchema.JSONRPCRequest> requests) {
        List<InFlightIds.Claim> claims = new ArrayList<>();
        for (McpSchema.JSONRPCRequest request : requests) {
            InFlightIds.Claim claim = session.inFlightIds().claim(request.id());
            if (claim == null) {
                claims.forEach(session.inFlightIds()::release);
                return null;
            }
            claims.add(claim);
        }
        return claims;
    }
}
