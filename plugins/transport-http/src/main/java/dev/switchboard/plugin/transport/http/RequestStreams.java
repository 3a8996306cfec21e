package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.helidon.http.Status;
import io.helidon.webserver.http.ServerResponse;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.McpServerHandle;
import dev.switchboard.ports.call.Principal;

/**
 * Answers the requests of one POST on that POST's own response: each request goes to the SDK session with the
 * caller attached, and everything the SDK sends while handling them (log and progress notifications, sampling and
 * elicitation requests, the answers) is written on this response by the {@link StreamPump}. When the client goes
 * away, the requests still running go on to their end (their answers are lost; the session counts as busy until
 * then); when the stream is ended from this side (session deleted, drain timeout), they are cancelled. Refused with
 * 503 once shutdown has begun. Thread-safe.
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

    void answer(HttpSession session, List<McpSchema.JSONRPCRequest> requests, Principal caller,
                ServerResponse response) {
        if (!state.enter()) {
            Replies.error(response, Status.SERVICE_UNAVAILABLE_503, Replies.SERVER_ERROR,
                    "Service Unavailable: the server is shutting down");
            return;
        }
        StreamChannel channel = new StreamChannel(mapper, false);
        Set<Object> pending = new LinkedHashSet<>();
        session.responseStarted(channel);
        try {
            for (McpSchema.JSONRPCRequest request : requests) {
                pending.add(StreamPump.key(request.id()));
                session.sdk().responseStream(channel).handle(request)
                        .contextWrite(CallerContext.forRequest(request.id(), caller))
                        .subscribe(null, error -> channel.finished(request.id(), error),
                                () -> channel.finished(request.id(), null));
            }
            ResponseWriter writer = new ResponseWriter(response, mapper);
            StreamPump pump = new StreamPump(channel, writer, heartbeat);
            StreamPump.Outcome outcome = pump.answer(pending);
            if (outcome == StreamPump.Outcome.CLIENT_GONE) {
                // Not a cancellation (MCP streamable HTTP): the calls finish and the session stays busy meanwhile.
                outcome = pump.settle(pending);
            }
            if (outcome != StreamPump.Outcome.ANSWERED) {
                pending.forEach(id -> server.cancelRequest(session.sdkId(), id));
            }
            writer.finish(pending.size() == 1 ? pending.iterator().next() : null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            pending.forEach(id -> server.cancelRequest(session.sdkId(), id));
        } finally {
            channel.terminate();
            session.responseEnded(channel);
            state.exit();
        }
    }
}
