package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/** {@code GET /board/{channel}/thread/{id}}: the whole thread of one message, chronologically; see {@link BoardEndpoint} for access and thread-safety. */
@Extension
public final class ThreadBoardEndpoint extends BoardEndpoint {

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public ThreadBoardEndpoint(Provider<BoardHttp> board) {
        super("/board/{channel}/thread/{id}", board);
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        return http.messagePage(request, http.reader()::thread, "messages.jte");
    }
}
