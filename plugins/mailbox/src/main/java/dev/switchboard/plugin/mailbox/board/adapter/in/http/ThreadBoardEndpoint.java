package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code GET /board/{channel}/thread/{id}}: the whole thread of one message, chronologically. Access {@code HANDLER} (a bearer that is sent is checked by the kernel; a session cookie or a
 * nonce by {@link BoardHttp}). The board's services are built on the first request. Thread-safe.
 */
@Extension
public final class ThreadBoardEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE =
            HttpRoute.of("GET", "/board/{channel}/thread/{id}", HttpRoute.Access.HANDLER);

    private final Provider<BoardHttp> board;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public ThreadBoardEndpoint(Provider<BoardHttp> board) {
        this.board = board;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        BoardHttp http = board.get();
        String id = request.pathParameters().get("id");
        if (!id.matches("[1-9][0-9]{0,17}")) {
            return http.notFound(request, "There is no message #" + id + ".");
        }
        long messageId = Long.parseLong(id);
        return http.channelPage(request, channel -> http.reader().thread(channel, messageId), "messages.jte");
    }
}
