package dev.switchboard.plugin.mailbox.pin.archfixture;

import dev.switchboard.plugin.mailbox.board.application.Viewer;

/** A capability class that reads a view (the board): nothing may depend on a view. */
final class PinReadsTheBoard {

    private final Viewer viewer;

    PinReadsTheBoard(Viewer viewer) {
        this.viewer = viewer;
    }

    boolean owner() {
        return viewer.owner();
    }
}
