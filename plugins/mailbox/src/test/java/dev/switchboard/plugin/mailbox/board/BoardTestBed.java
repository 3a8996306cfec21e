package dev.switchboard.plugin.mailbox.board;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.switchboard.plugin.mailbox.FeatureState;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.ports.summary.BoardCell;
import dev.switchboard.ports.summary.BoardSection;

/**
 * One board test bed shared by a test class: a real SQLite mailbox whose board shows a test feature's "Workspace
 * commands" section (its actions recorded by {@link FeatureState}), announced by one change topic, and the channel
 * {@code proj} with the roles {@code lead} and {@code dev}. Opened before the class, closed after it.
 *
 * @param harness the mailbox
 * @param board   its board's endpoints
 * @param feature the feature whose section the board shows
 * @param tokens  the channel's tokens by role, and the owner's
 */
record BoardTestBed(MailboxHarness harness, Board board, FeatureState feature, Map<String, String> tokens)
        implements AutoCloseable {

    /** The board's own origin, as a browser on the loopback listener sends it. */
    static final String ORIGIN = "http://127.0.0.1:8765";

    /**
     * @param dir     the store's directory
     * @param columns the section's column headings
     * @param rows    its rows
     * @param topic   the change topic that announces it
     * @return the opened test bed, with the channel created
     */
    static BoardTestBed open(Path dir, List<String> columns, List<List<BoardCell>> rows, String topic) {
        FeatureState feature = new FeatureState()
                .sections(
                        List.of(new BoardSection("Workspace commands", columns, rows, 0, "commands")), List.of(topic));
        MailboxHarness harness = MailboxHarness.builder("sqlite", dir)
                .summaries(feature.asSummaries())
                .open(null);
        Board board = new Board(harness);
        return new BoardTestBed(harness, board, feature, board.create("proj", "lead", "dev"));
    }

    @Override
    public void close() {
        harness.close();
    }
}
