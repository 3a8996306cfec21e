package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.board.application.DecisionReader;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/**
 * {@code GET /board/{channel}/debt/{id}}: one message's life as a debt (who asked, every work-status change and
 * resolution with its note, confirmation or reopening, what it waits on and what waits on it, its addenda; ADR 66); see {@link BoardEndpoint} for
 * access and thread-safety.
 */
@Extension
public final class DebtBoardEndpoint extends BoardEndpoint {

    private final Provider<DecisionReader> decisions;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public DebtBoardEndpoint(Provider<BoardHttp> board, Provider<DecisionReader> decisions) {
        super("/board/{channel}/debt/{id}", board);
        this.decisions = decisions;
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        return http.messagePage(request, decisions.get()::debt, "debt.jte");
    }
}
