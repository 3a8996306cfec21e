package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/** {@code GET /board/{channel}}: one channel's board: per role what it owes and whose court each debt is in, debts waiting for confirmation, open proposals with their tally, pins and presence; see {@link BoardEndpoint} for access and thread-safety. */
@Extension
public final class ChannelBoardEndpoint extends BoardEndpoint {

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public ChannelBoardEndpoint(Provider<BoardHttp> board) {
        super("/board/{channel}", board);
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        return http.channelPage(request, http.reader()::channel, "channel.jte");
    }
}
