package dev.switchboard.plugin.mailbox.board;

import java.util.HashMap;
import java.util.Map;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.testkit.mailbox.BoardDemo;

/**
 * The board's demonstration channel {@code proj} on the plugin's test bed: the testkit's {@link BoardDemo} (four
 * roles, an open debt in each role's court, a resolved debt waiting for its author, a pinned charter, an open
 * proposal, a reply whose body is markup), made with the roles' own tokens.
 *
 * @param board   the board
 * @param tokens  the role tokens
 * @param login   lead → frontend, untouched: frontend's court
 * @param api     frontend → backend, backend set needs_you: frontend's court
 * @param notes   qa → lead, lead set done_local: qa's court
 * @param plan    backend → qa, untouched: qa's court
 * @param schema  lead → backend, resolved by backend: waiting for lead's confirmation
 * @param charter the proposal that approved the charter pin
 * @param glossary the open proposal (one agree of three)
 * @param hostile frontend's reply to login whose body is markup
 */
record BoardScenario(
        Board board,
        Map<String, String> tokens,
        long login,
        long api,
        long notes,
        long plan,
        long schema,
        long charter,
        long glossary,
        long hostile) {

    static final String HOSTILE = BoardDemo.HOSTILE;

    /** @return the principal of one of the channel's roles, resolved from its token */
    Principal as(String role) {
        return board.principal(tokens.get(role));
    }

    static BoardScenario on(Board board) {
        Map<String, String> tokens = board.create("proj", BoardDemo.ROLES.toArray(String[]::new));
        Map<String, Principal> principals = new HashMap<>();
        tokens.forEach((role, token) -> principals.put(role, board.principal(token)));
        BoardDemo demo = BoardDemo.fill((role, tool, arguments) -> board.ok(principals.get(role), tool, arguments));
        return new BoardScenario(
                board,
                tokens,
                demo.login(),
                demo.api(),
                demo.notes(),
                demo.plan(),
                demo.schema(),
                demo.charter(),
                demo.glossary(),
                demo.hostile());
    }
}
