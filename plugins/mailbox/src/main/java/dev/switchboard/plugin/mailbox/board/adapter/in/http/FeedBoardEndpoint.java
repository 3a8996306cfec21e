package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/** {@code GET /board/{channel}/feed}: the channel's latest messages, newest first; see {@link BoardEndpoint} for access and thread-safety. */
@Extension
public final class FeedBoardEndpoint extends BoardEndpoint {

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public FeedBoardEndpoint(Provider<BoardHttp> board) {
        super("/board/{channel}/feed", board);
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        return http.channelPage(request, http.reader()::feed, "messages.jte");
    }
}
