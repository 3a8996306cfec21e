package dev.switchboard.plugin.transport.http;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import io.modelcontextprotocol.json.McpJsonMapper;

import dev.switchboard.ports.call.Principal;

/**
 * {@code GET /mcp}: opens the session's server-to-client event stream, which carries what the server sends outside
 * any request (resource updates, list changes). One connection per session: a new GET replaces the previous one.
 * Every event carries an id, and a GET with {@code Last-Event-ID} resumes after that event from what the session
 * kept ({@link ResumableStream}: a bounded buffer; an id too old or unknown starts fresh). Thread-safe.
 */
final class GetHandler implements Handler {

    private final Preconditions preconditions;
    private final ServingState state;
    private final McpJsonMapper mapper;
    private final Duration heartbeat;

    GetHandler(Preconditions preconditions, ServingState state, McpJsonMapper mapper, Duration heartbeat) {
        this.preconditions = preconditions;
        this.state = state;
        this.mapper = mapper;
        this.heartbeat = heartbeat;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        Optional<Principal> caller = preconditions.caller(request, response);
        if (caller.isEmpty()) {
            return;
        }
        if (ModernRequests.refusedVerb(request, response)) {
            return;
        }
        CredentialLease lease = preconditions.lease(request, caller.get());
        if (!MediaTypes.acceptsAll(request.headers().all(HeaderNames.ACCEPT, List::of), McpHeaders.TEXT_EVENT_STREAM)) {
            Replies.error(
                    response,
                    Status.NOT_ACCEPTABLE_406,
                    Replies.SERVER_ERROR,
                    "Not Acceptable: the client must accept text/event-stream");
            return;
        }
        if (state.stopping()) {
            Replies.error(
                    response,
                    Status.SERVICE_UNAVAILABLE_503,
                    Replies.SERVER_ERROR,
                    "Service Unavailable: the server is shutting down");
            return;
        }
        Optional<HttpSession> session = preconditions
                .version(request, response)
                .flatMap(version -> preconditions.session(request, response, caller.get()));
        String lastEventId = request.headers().first(McpHeaders.LAST_EVENT_ID).orElse(null);
        session.ifPresent(value -> listen(value, lastEventId, lease, response));
    }

    private void listen(HttpSession session, String lastEventId, CredentialLease lease, ServerResponse response) {
        ResumableStream stream = session.resumableStream(mapper);
        ResumableStream.Connection connection = stream.attach(lastEventId);
        session.touch();
        ResponseWriter writer = new ResponseWriter(response, mapper);
        try {
            new ListeningPump(stream, connection, writer, heartbeat, lease).listen();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            stream.detach(connection);
            session.touch();
            writer.finish();
        }
    }
}
