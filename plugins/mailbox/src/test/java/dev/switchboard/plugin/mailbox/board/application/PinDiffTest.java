package dev.switchboard.plugin.mailbox.board.application;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What a pin's page shows as a version's changes (ADR 66). */
class PinDiffTest {

    @Test
    @DisplayName("equal bodies have no changes")
    void equalBodiesHaveNoChanges() {
        assertThat(PinDiff.between("a\nb", "a\nb")).isEmpty();
    }

    @Test
    @DisplayName("a changed line is a hunk, the removed line and the added one, with the unchanged lines around it")
    void aChangedLineIsRemovedAndAdded() {
        List<PinDiff.Line> diff = PinDiff.between("one\ntwo\nthree", "one\n2\nthree");

        assertThat(diff.stream().map(line -> line.marker() + line.text()).toList())
                .containsExactly("@@ -1,3 +1,3 @@", " one", "-two", "+2", " three");
        assertThat(diff.stream().map(PinDiff.Line::css).toList())
                .containsExactly("hunk", "context", "removed", "added", "context");
    }

    @Test
    @DisplayName("a removed line that itself starts with '-- ' or an added one with '++ ' is a change, not a header")
    void linesLookingLikeHeadersAreChanges() {
        List<PinDiff.Line> diff = PinDiff.between("-- old\nkeep", "++ new\nkeep");

        assertThat(diff)
                .contains(
                        new PinDiff.Line(PinDiff.Kind.REMOVED, "-- old"),
                        new PinDiff.Line(PinDiff.Kind.ADDED, "++ new"),
                        new PinDiff.Line(PinDiff.Kind.CONTEXT, "keep"));
    }

    @Test
    @DisplayName("CRLF and LF bodies with the same lines are equal")
    void lineEndingsDoNotCount() {
        assertThat(PinDiff.between("a\r\nb", "a\nb")).isEmpty();
    }
}
