package dev.switchboard.plugin.transport.http;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/**
 * {@code OPTIONS /mcp}: answers CORS preflights from allowed origins (the {@link RequestGate} echoes the origin);
 * others get 403 like any request. The headers allowed are both eras' (the modern era's {@code Mcp-Method} and
 * {@code Mcp-Name} too, ADR 42). Thread-safe.
 */
final class PreflightHandler implements Handler {

    static final String METHODS = "GET, POST, DELETE, OPTIONS";
    private static final String HEADERS =
            "Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Mcp-Method,"
                    + " Mcp-Name";

    private final RequestGate gate;

    PreflightHandler(RequestGate gate) {
        this.gate = gate;
    }

    @Override
    public void handle(ServerRequest request, ServerResponse response) {
        if (!gate.checkOrigin(request, response)) {
            return;
        }
        response.header(HeaderNames.ALLOW, METHODS);
        response.header(HeaderNames.ACCESS_CONTROL_ALLOW_METHODS, METHODS);
        response.header(HeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, HEADERS);
        response.header(HeaderNames.ACCESS_CONTROL_MAX_AGE, "600");
        Replies.empty(response, Status.NO_CONTENT_204);
    }
}
