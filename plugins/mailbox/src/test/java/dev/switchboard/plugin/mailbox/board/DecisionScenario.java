package dev.switchboard.plugin.mailbox.board;

import java.util.Map;

import dev.switchboard.ports.call.Principal;
import dev.switchboard.testkit.mailbox.BoardDemo;
import dev.switchboard.testkit.mailbox.DecisionDemo;

/**
 * The board's demonstration channel {@code proj} ({@link BoardScenario}) with the testkit's {@link DecisionDemo} added:
 * a {@code needs_changes} vote with a note, a blocker, a reopened debt with an addendum, a second charter version.
 *
 * @param base      the demonstration channel
 * @param decisions what the decisions sent
 */
record DecisionScenario(BoardScenario base, DecisionDemo decisions) {

    static DecisionScenario on(Board board) {
        BoardScenario base = BoardScenario.on(board);
        BoardDemo demo = new BoardDemo(
                base.login(),
                base.api(),
                base.notes(),
                base.plan(),
                base.schema(),
                base.charter(),
                base.glossary(),
                base.hostile());
        DecisionDemo decisions =
                DecisionDemo.fill((role, tool, arguments) -> board.ok(base.as(role), tool, arguments), demo);
        return new DecisionScenario(base, decisions);
    }

    Board board() {
        return base.board();
    }

    /** @return the principal of a role of the channel */
    Principal as(String role) {
        return base.as(role);
    }

    Map<String, String> tokens() {
        return base.tokens();
    }
}
