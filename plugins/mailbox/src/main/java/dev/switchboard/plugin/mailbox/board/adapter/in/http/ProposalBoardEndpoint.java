package dev.switchboard.plugin.mailbox.board.adapter.in.http;

import jakarta.inject.Inject;
import jakarta.inject.Provider;

import org.pf4j.Extension;

import dev.switchboard.plugin.mailbox.board.application.DecisionReader;
import dev.switchboard.ports.http.EndpointRequest;
import dev.switchboard.ports.http.EndpointResponse;

/**
 * {@code GET /board/{channel}/proposal/{id}}: one proposal's votes with their notes, who is still to vote, and the
 * pin versions it approved (ADR 66); see {@link BoardEndpoint} for
 * access and thread-safety.
 */
@Extension
public final class ProposalBoardEndpoint extends BoardEndpoint {

    private final Provider<DecisionReader> decisions;

    /** Built by the plugin's injector; builds nothing until the first request. */
    @Inject
    public ProposalBoardEndpoint(Provider<BoardHttp> board, Provider<DecisionReader> decisions) {
        super("/board/{channel}/proposal/{id}", board);
        this.decisions = decisions;
    }

    @Override
    EndpointResponse page(BoardHttp http, EndpointRequest request) {
        return http.messagePage(request, decisions.get()::proposal, "proposal.jte");
    }
}
