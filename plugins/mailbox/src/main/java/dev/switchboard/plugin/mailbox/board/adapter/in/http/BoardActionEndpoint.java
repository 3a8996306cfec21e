package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.HttpEndpoint;
import dev.switchboard.ports.http.HttpRoute;

/**
 * {@code POST /board}: the owner's actions on the index, such as aborting a workspace command; every check is
 * {@link BoardHttp#act}'s (owner only, same origin, CSRF token). Access {@code HANDLER}: a bearer that is sent is
 * checked by the kernel, a session cookie by the board. Thread-safe.
 */
@Extension
public final class BoardActionEndpoint implements HttpEndpoint {

    private static final HttpRoute ROUTE = HttpRoute.of("POST", "/board", HttpRoute.Access.HANDLER);

    private final Provider<BoardHttp> board;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public BoardActionEndpoint(Provider<BoardHttp> board) {
        this.board = board;
    }

    @Override
    public HttpRoute route() {
        return ROUTE;
    }

    @Override
    public EndpointResponse handle(EndpointRequest request) {
        return board.get().act(request);
    }
}
