package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.board.application.DecisionReader;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/**
 * {@code GET /board/{channel}/pin?key=K}: the page of {@link PinBoardEndpoint} for any pin key, including one with a
 * {@code /} (which a path segment cannot carry): the board links every pin this way, the key URL-encoded. A missing
 * or repeated {@code key} is 404. See {@link BoardEndpoint} for access and thread-safety.
 */
@Extension
public final class PinByQueryBoardEndpoint extends BoardEndpoint {

    private final Provider<DecisionReader> decisions;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public PinByQueryBoardEndpoint(Provider<BoardHttp> board, Provider<DecisionReader> decisions) {
        super("/board/{channel}/pin", board);
        this.decisions = decisions;
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        List<String> keys = request.query().getOrDefault("key", List.of());
        if (keys.size() != 1) {
            return http.notFound(request, "Name one pin: /board/<channel>/pin?key=<key>.");
        }
        String key = keys.getFirst();
        return http.channelPage(request, channel -> decisions.get().pin(channel, key), "pin.jte");
    }
}
