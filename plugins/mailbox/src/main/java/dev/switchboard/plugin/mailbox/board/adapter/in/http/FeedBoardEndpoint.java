package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code GET /board/{channel}/feed}: the channel's latest messages, newest first. Access {@code HANDLER} (a bearer that is sent is checked by the kernel; a session cookie or a
 * nonce by {@link BoardHttp}). The board's services are built on the first request. Thread-safe.
 */
@Extension
public final class FeedBoardEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE = HttpRoute.of("GET", "/board/{channel}/feed", HttpRoute.Access.HANDLER);

    private final Provider<BoardHttp> board;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public FeedBoardEndpoint(Provider<BoardHttp> board) {
        this.board = board;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        BoardHttp http = board.get();
        return http.channelPage(request, http.reader()::feed, "messages.jte");
    }
}
