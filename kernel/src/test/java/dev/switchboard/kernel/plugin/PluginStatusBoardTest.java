package dev.switchboard.kernel.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class PluginStatusBoardTest {

    private final PluginStatusBoard board = new PluginStatusBoard();

    @Test
    void listsStatusesSortedByIdAndHandsOutTheSameListUntilSomethingChanges() {
        board.put("workspace", status("workspace", PluginState.STOPPED));
        board.put("handoff", status("handoff", PluginState.STOPPED));

        List<PluginStatus> first = board.sorted();

        assertThat(first).extracting(PluginStatus::id).containsExactly("handoff", "workspace");
        assertThat(board.sorted()).isSameAs(first);
    }

    @Test
    void aChangedStateShowsInTheNextList() {
        board.put("handoff", status("handoff", PluginState.STOPPED));
        List<PluginStatus> before = board.sorted();

        board.update("handoff", s -> s.with(PluginState.FAILED, "migration refused"));

        assertThat(board.sorted())
                .isNotSameAs(before)
                .singleElement()
                .satisfies(s -> assertThat(s.state()).isEqualTo(PluginState.FAILED))
                .satisfies(s -> assertThat(s.error()).isEqualTo("migration refused"));
    }

    @Test
    void updatingAnUnknownPluginAddsNothing() {
        board.update("ghost", s -> s.with(PluginState.STARTED, null));

        assertThat(board.sorted()).isEmpty();
        assertThat(board.get("ghost")).isNull();
    }

    private static PluginStatus status(String id, PluginState state) {
        return new PluginStatus(id, "1.0", "", state, null, null, List.of());
    }
}
