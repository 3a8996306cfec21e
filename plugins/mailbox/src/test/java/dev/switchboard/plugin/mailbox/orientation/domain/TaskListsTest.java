package dev.switchboard.plugin.mailbox.orientation.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.work.domain.TaskList;
import dev.switchboard.plugin.mailbox.work.domain.Tasks;
import dev.switchboard.plugin.mailbox.work.domain.WorkFacts;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatus;

class TaskListsTest {

    @Test
    @DisplayName("§1C.6 every list is ascending by id and its entries carry id and topic, plus the list's own fields")
    void listsAndTheirEntries() {
        List<WorkFacts> tasks = List.of(
                Tasks.debt()
                        .id(12)
                        .topic("later")
                        .work(WorkStatus.IN_PROGRESS, "backend", 9)
                        .build(),
                Tasks.debt()
                        .id(4)
                        .topic("earlier")
                        .work(WorkStatus.IN_PROGRESS, "backend", 3)
                        .build(),
                Tasks.debt()
                        .id(5)
                        .topic("waits")
                        .work(WorkStatus.BLOCKED, "backend", 4)
                        .blockedOn(List.of(2L, 3L), 1)
                        .build(),
                Tasks.debt()
                        .id(6)
                        .topic("free again")
                        .work(WorkStatus.BLOCKED, "backend", 5)
                        .blockedOn(List.of(2L), 0)
                        .build(),
                Tasks.debt().id(8).topic("done?").resolvedBy("frontend", 7).build());

        TaskLists lists = TaskLists.of(tasks, "backend");

        assertThat(lists.of(TaskList.IN_PROGRESS))
                .extracting(TaskEntry::toWire)
                .containsExactly(Map.of("id", 4L, "topic", "earlier"), Map.of("id", 12L, "topic", "later"));
        assertThat(lists.of(TaskList.BLOCKED))
                .extracting(TaskEntry::toWire)
                .containsExactly(Map.of("id", 5L, "topic", "waits", "blocked_by", List.of(2L, 3L)));
        assertThat(lists.of(TaskList.UNBLOCKED))
                .extracting(TaskEntry::toWire)
                .containsExactly(Map.of("id", 6L, "topic", "free again", "blocked_by", 2L));
        Map<String, Object> resolved = new LinkedHashMap<>();
        resolved.put("id", 8L);
        resolved.put("topic", "done?");
        resolved.put("resolved_by", "frontend");
        resolved.put("resolved_at", "2026-12-02T10:00:00.000Z");
        resolved.put("resolution_note", "shipped in 1.4");
        assertThat(lists.of(TaskList.RESOLVED_FOR_YOU))
                .extracting(TaskEntry::toWire)
                .containsExactly(resolved);
        assertThat(lists.of(TaskList.NEEDS_YOU)).isEmpty();
        assertThat(lists.ids(TaskList.IN_PROGRESS)).containsExactly(4L, 12L);
    }

    @Test
    void aBlockedEntryByHandHasANullBlockedBy() {
        TaskLists lists = TaskLists.of(
                List.of(Tasks.debt().work(WorkStatus.BLOCKED, "backend", 4).build()), "backend");

        assertThat(lists.of(TaskList.BLOCKED).getFirst().toWire()).containsEntry("blocked_by", null);
    }
}
