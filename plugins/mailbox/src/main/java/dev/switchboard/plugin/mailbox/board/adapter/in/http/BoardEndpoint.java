package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Provider;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * What every board page's endpoint shares: a {@code GET} route with access {@code HANDLER} (a bearer that is sent is
 * checked by the kernel; a session cookie or a nonce by {@link BoardHttp}), and the board's services built on the
 * first request, not with the plugin's injector. Asked with {@code Accept: text/event-stream}, a page's path answers
 * the page's event stream instead ({@link BoardHttp#events}, ADR 67), so a live page needs no route of its own.
 * Subclasses say only how their page is made. Thread-safe.
 */
abstract class BoardEndpoint implements HttpEndpoint {

    private final HttpRoute route;
    private final Provider<BoardHttp> board;

    /**
     * @param path the route's path pattern, {@code {name}} segments allowed (see {@link HttpRoute#of})
     * @param board the board's HTTP services, asked for on each request
     */
    BoardEndpoint(String path, Provider<BoardHttp> board) {
        this.route = HttpRoute.of("GET", path, HttpRoute.Access.HANDLER);
        this.board = board;
    }

    @Override
    public final HttpRoute route() {
        return route;
    }

    @Override
    public final EndpointResponse handle(EndpointRequest request) {
        boolean stream =
                request.headers().allValues("Accept").stream().anyMatch(accept -> accept.contains("text/event-stream"));
        return stream ? board.get().events(request) : page(board.get(), request);
    }

    /** The page (or refusal page) for one request; never throws for what a client sends. */
    abstract EndpointResponse page(BoardHttp http, EndpointRequest request);
}
