package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code GET /board/{channel}/pin/{key}}: one pin's versions, newest first, each with the proposal that approved it. Access {@code HANDLER} (a bearer that is sent is checked by the kernel; a session cookie or a
 * nonce by {@link BoardHttp}). The board's services are built on the first request. Thread-safe.
 */
@Extension
public final class PinBoardEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE = HttpRoute.of("GET", "/board/{channel}/pin/{key}", HttpRoute.Access.HANDLER);

    private final Provider<BoardHttp> board;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public PinBoardEndpoint(Provider<BoardHttp> board) {
        this.board = board;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        BoardHttp http = board.get();
        String key = request.pathParameters().get("key");
        return http.channelPage(request, channel -> http.reader().pin(channel, key), "pin.jte");
    }
}
