package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/** {@code GET /board}: the owner's index of hosted channels (a viewer is sent to its own channel); see {@link BoardEndpoint} for access and thread-safety. */
@Extension
public final class BoardIndexEndpoint extends BoardEndpoint {

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public BoardIndexEndpoint(Provider<BoardHttp> board) {
        super("/board", board);
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        return http.index(request);
    }
}
