package dev.switchboard.plugin.mailbox.channel.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class MailWatchTest {

    private static ActionableIds unread(Long... ids) {
        return new ActionableIds(Map.of(ActionableCounter.UNREAD, Set.of(ids)));
    }

    @Test
    @DisplayName("3C.125 the backlog does not wake a wait; a new item does, even though a backlog existed")
    void theBacklogIsKnown() {
        MailWatch watch = new MailWatch(unread(1L, 2L), true);

        assertThat(watch.newSince(unread(1L, 2L))).isEmpty();
        assertThat(watch.newSince(unread(1L, 2L, 3L))).containsExactly(Map.entry("unread", 3));
    }

    @Test
    @DisplayName("a new item wakes the wait although another left the same counter (the count stayed level)")
    void idsNotCounts() {
        MailWatch watch = new MailWatch(unread(1L, 2L), true);

        assertThat(watch.newSince(unread(2L, 3L))).containsExactly(Map.entry("unread", 2));
    }

    @Test
    void anItemThatLeftAndCameBackIsNew() {
        MailWatch watch = new MailWatch(unread(1L), true);

        assertThat(watch.newSince(unread())).isEmpty();
        assertThat(watch.newSince(unread(1L))).containsExactly(Map.entry("unread", 1));
    }

    @Test
    @DisplayName("3C.125 ignore_backlog=false: anything pending is new at once")
    void withoutIgnoringTheBacklog() {
        MailWatch watch = new MailWatch(unread(1L), false);

        assertThat(watch.newSince(unread(1L))).containsExactly(Map.entry("unread", 1));
    }

    @Test
    void anotherCountersItemIsNewThere() {
        MailWatch watch = new MailWatch(unread(1L), true);

        assertThat(watch.newSince(new ActionableIds(
                        Map.of(ActionableCounter.UNREAD, Set.of(1L), ActionableCounter.NEEDS_YOU, Set.of(1L)))))
                .containsExactly(Map.entry("needs_you", 1));
    }
}
