package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.board.application.DecisionReader;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/** {@code GET /board/{channel}/pin/{key}}: one pin's versions, newest first, each with the proposal that approved it; see {@link BoardEndpoint} for access and thread-safety. */
@Extension
public final class PinBoardEndpoint extends BoardEndpoint {

    private final Provider<DecisionReader> decisions;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public PinBoardEndpoint(Provider<BoardHttp> board, Provider<DecisionReader> decisions) {
        super("/board/{channel}/pin/{key}", board);
        this.decisions = decisions;
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        String key = request.pathParameters().get("key");
        return http.channelPage(request, channel -> decisions.get().pin(channel, key), "pin.jte");
    }
}
