package dev.switchboard.plugin.handoff.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

class CursorTest {

    private static final Instant NOW = Instant.parse("2026-05-01T09:00:00Z");

    @Test
    void aCursorMovesForwardUpToTheLatestSequence() {
        CursorMove move = Cursor.start("librarian").advanceTo(Sequence.of(3), Sequence.of(3), NOW);

        assertThat(move.kind()).isEqualTo(CursorMove.Kind.ADVANCED);
        assertThat(move.after().through()).isEqualTo(Sequence.of(3));
        assertThat(move.after().updatedAt()).isEqualTo(NOW);
    }

    @Test
    void aTargetAtOrBehindTheCursorIsUnchanged() {
        Cursor at3 = new Cursor("librarian", Sequence.of(3), List.of(), NOW);

        assertThat(at3.advanceTo(Sequence.of(1), Sequence.of(5), NOW).kind()).isEqualTo(CursorMove.Kind.UNCHANGED);
        assertThat(at3.advanceTo(Sequence.of(3), Sequence.of(5), NOW).after()).isSameAs(at3);
    }

    @Test
    void aTargetPastTheLatestSequenceIsRefused() {
        CursorMove move = Cursor.start("librarian").advanceTo(Sequence.of(4), Sequence.of(3), NOW);

        assertThat(move.kind()).isEqualTo(CursorMove.Kind.BEYOND_LATEST);
        assertThat(move.after().through()).isEqualTo(Sequence.ZERO);
    }

    @Test
    void handledAheadSequencesCountAsHandledAndAreSwallowedWhenReached() {
        Cursor cursor =
                new Cursor("librarian", Sequence.of(1), List.of(Sequence.of(3), Sequence.of(4), Sequence.of(7)), NOW);

        assertThat(cursor.hasHandled(Sequence.of(3))).isTrue();
        assertThat(cursor.hasHandled(Sequence.of(2))).isFalse();
        Cursor moved = cursor.advanceTo(Sequence.of(2), Sequence.of(9), NOW).after();
        assertThat(moved.through()).isEqualTo(Sequence.of(4));
        assertThat(moved.handledAhead()).containsExactly(Sequence.of(7));
    }

    @Test
    void handledAheadMustAscendAfterTheCursor() {
        assertThatThrownBy(() -> new Cursor("c", Sequence.of(3), List.of(Sequence.of(2)), NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pendingIsWhatLiesPastTheCursorLessTheHandledAheadOnes() {
        Cursor merged = new Cursor("librarian", Sequence.of(2), List.of(Sequence.of(4), Sequence.of(6)), null);

        assertThat(Cursor.start("codex").pendingUpTo(Sequence.of(5))).isEqualTo(5);
        assertThat(merged.pendingUpTo(Sequence.of(6))).as("3 and 5").isEqualTo(2);
        assertThat(merged.pendingUpTo(Sequence.of(2))).isZero();
        assertThat(Cursor.pending(Sequence.of(7), 0, Sequence.of(5)))
                .as("a cursor past latest")
                .isZero();
    }
}
