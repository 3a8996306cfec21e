package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import dev.switchboard.bridge.mcp.ModernServerHandle;
import dev.switchboard.bridge.mcp.transport.ClientMistakes;
import dev.switchboard.bridge.mcp.transport.ModernEra;
import dev.switchboard.bridge.mcp.transport.ModernHeaders;
import dev.switchboard.ports.call.Principal;

/**
 * Answers a modern-era request (MCP 2026-07-28) of a POST that passed every check of the legacy era's POST (Host,
 * Origin, token, rate limit, {@code Accept}, {@code Content-Type}, body size, JSON): statelessly, through the bridge's
 * {@link ModernServerHandle}, with the caller of this request's bearer token, once its headers agree with its body
 * ({@link ModernHeaders}: -32020, 400). No session is created, looked up or
 * named: an {@code Mcp-Session-Id} header is ignored and none is sent. The answer is one JSON body with the bridge's
 * status, except that a tool call and a {@code subscriptions/listen} may answer an event stream carrying their own
 * notifications first ({@link ModernStream}, ADR 45); it is withheld as in the legacy era when its credential died while it was held (ADR 27). Refused with 503
 * once shutdown has begun; the drain waits for running requests as for the legacy ones. Thread-safe.
 */
final class ModernRequests {

    /** The methods whose requests may send notifications before their answers (ADR 45). */
    private static final Set<String> STREAMED = Set.of("tools/call", "subscriptions/listen");

    private final ModernServerHandle server;
    private final ServingState state;
    private final ClientMistakes mistakes;
    private final McpJsonMapper mapper;
    private final Duration heartbeat;
    private final ScheduledExecutorService timers;

    /**
     * @param mapper    writes the events of a streamed answer
     * @param heartbeat how often a quiet streamed answer gets a comment line ({@code sse-heartbeat-ms})
     * @param timers    runs the first-heartbeat timers of streamable requests ({@link ModernStream})
     */
    ModernRequests(
            ModernServerHandle server,
            ServingState state,
            ClientMistakes mistakes,
            McpJsonMapper mapper,
            Duration heartbeat,
            ScheduledExecutorService timers) {
        this.server = server;
        this.state = state;
        this.mistakes = mistakes;
        this.mapper = mapper;
        this.heartbeat = heartbeat;
        this.timers = timers;
    }

    void answer(
            McpSchema.JSONRPCRequest call,
            Principal caller,
            CredentialLease lease,
            ServerRequest request,
            ServerResponse response) {
        if (!state.enter()) {
            Replies.error(
                    response,
                    Status.SERVICE_UNAVAILABLE_503,
                    call.id(),
                    Replies.SERVER_ERROR,
                    "Service Unavailable: the server is shutting down");
            return;
        }
        try {
            Function<String, List<String>> headers = name -> request.headers().all(HeaderNames.create(name), List::of);
            Optional<String> mismatch = ModernHeaders.mismatch(call, headers);
            if (mismatch.isPresent()) {
                mistakes.record(mismatch.get());
                Replies.error(response, Status.BAD_REQUEST_400, call.id(), ModernEra.HEADER_MISMATCH, mismatch.get());
                return;
            }
            if (STREAMED.contains(call.method())) {
                new ModernStream(server, mapper, heartbeat, timers).answer(call, caller, headers, lease, response);
                return;
            }
            ModernServerHandle.Answer answer = server.answer(call, caller, headers);
            if (!lease.live()) {
                Replies.withheld(response, lease.why(), call.id());
                return;
            }
            Replies.json(response, Status.create(answer.status()), answer.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            state.exit();
        }
    }

    /**
     * Answers a message that tries the modern era but is no request of it ({@code ModernAttempts}): 202 for a
     * notification it takes, else its refusal, logged as a client mistake.
     */
    void misfit(ModernServerHandle.Answer answer, ServerResponse response) {
        if (answer.body() == null) {
            Replies.empty(response, Status.create(answer.status()));
            return;
        }
        if (answer.body() instanceof Map<?, ?> body && body.get("error") instanceof Map<?, ?> error) {
            mistakes.record(String.valueOf(error.get("message")));
        }
        Replies.json(response, Status.create(answer.status()), answer.body());
    }

    /**
     * Refuses a GET or DELETE that speaks a modern version (the era has no server stream and no session to end):
     * 405 with {@code Allow: POST}.
     *
     * @return true when refused
     */
    static boolean refusedVerb(ServerRequest request, ServerResponse response) {
        if (!ModernEra.isModernVersion(
                request.headers().first(McpHeaders.PROTOCOL_VERSION).orElse(null))) {
            return false;
        }
        response.header(HeaderNames.ALLOW, "POST");
        Replies.error(
                response,
                Status.METHOD_NOT_ALLOWED_405,
                Replies.SERVER_ERROR,
                "Method Not Allowed: protocol version 2026-07-28 has no "
                        + request.prologue().method().text() + " on /mcp; send each request as a POST");
        return true;
    }
}
