package dev.switchboard.plugin.transport.http;

import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import dev.switchboard.bridge.mcp.McpServerHandle;

/**
 * {@code DELETE /mcp}: ends the caller's session. Its running calls are cancelled, its streams end, and its id gets
 * 404 from then on. Thread-safe.
 */
final class DeleteHandler implements Handler {

    private final Preconditions preconditions;
    private final SessionRegistry sessions;
    private final McpServerHandle server;

    DeleteHandler(Preconditions preconditions, SessionRegistry sessions, McpServerHandle server) {
        this.preconditions = preconditions;
        this.sessions = sessions;
        this.server = server;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        preconditions
                .caller(request, response)
                .filter(caller -> !ModernRequests.refusedVerb(request, response))
                .flatMap(caller -> preconditions
                        .version(request, response)
                        .flatMap(version -> preconditions.session(request, response, caller)))
                .ifPresent(session -> {
                    if (!sessions.remove(session)) {
                        // a simultaneous DELETE of the same session ended it first: only one of them may say it did
                        Preconditions.noSuchSession(response);
                        return;
                    }
                    server.cancelSession(session.sdkId());
                    Replies.empty(response, Status.OK_200);
                });
    }
}
