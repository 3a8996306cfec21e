package dev.switchboard.ports.summary;

import java.time.Instant;
import java.util.Objects;

/**
 * One cell of a {@link BoardSection}: text, a moment, or an owner's action on the row. The board renders each the
 * same way for every feature, escaped: text as text, a moment as a {@code <time>} element (relative, with the exact
 * time on hover), an action as a button that only the server's owner sees. A contributor never sends markup.
 * Immutable.
 */
public sealed interface BoardCell permits BoardCell.Text, BoardCell.Time, BoardCell.Action {

    /**
     * @param text plain text (escaped by the renderer), possibly empty
     * @return the cell
     */
    static BoardCell text(String text) {
        return new Text(text);
    }

    /** Plain text. @param text the text, possibly empty */
    record Text(String text) implements BoardCell {
        /** @throws NullPointerException if the text is null */
        public Text {
            Objects.requireNonNull(text, "text");
        }
    }

    /** A moment, such as when a command started. @param at the moment */
    record Time(Instant at) implements BoardCell {
        /** @throws NullPointerException if the moment is null */
        public Time {
            Objects.requireNonNull(at, "at");
        }
    }

    /**
     * An action the server's owner may take on the row, such as aborting a running command: the board shows it as a
     * button to the owner only, and on a checked request (owner, CSRF token, same origin) hands {@code action} and
     * {@code target} back to {@link StateSummary#perform}.
     *
     * @param action the action's name, {@code [a-z][a-z0-9_.-]{0,47}}, such as {@code workspace.abort}
     * @param target what it acts on, such as a command's id: 1..128 characters of {@code [A-Za-z0-9_.:-]}
     * @param label  the button's text, such as {@code Abort}
     */
    record Action(String action, String target, String label) implements BoardCell {

        /** @throws IllegalArgumentException if the action or the target is malformed */
        public Action {
            Objects.requireNonNull(label, "label");
            if (action == null || !action.matches("[a-z][a-z0-9_.-]{0,47}")) {
                throw new IllegalArgumentException("malformed action name: " + action);
            }
            if (target == null || !target.matches("[A-Za-z0-9_.:-]{1,128}")) {
                throw new IllegalArgumentException("malformed action target: " + target);
            }
        }
    }
}
