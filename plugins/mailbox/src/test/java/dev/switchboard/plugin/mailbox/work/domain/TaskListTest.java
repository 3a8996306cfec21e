package dev.switchboard.plugin.mailbox.work.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TaskListTest {

    @Test
    @DisplayName("in_progress and blocked are in the list of whoever set them")
    void ownWorkBelongsToTheSetter() {
        WorkFacts working =
                Tasks.debt().work(WorkStatus.IN_PROGRESS, "backend", 3).build();
        WorkFacts blocked = Tasks.debt().work(WorkStatus.BLOCKED, "frontend", 3).build();

        assertThat(TaskList.placing(working, "backend")).containsExactly(TaskList.IN_PROGRESS);
        assertThat(TaskList.placing(working, "frontend")).isEmpty();
        assertThat(TaskList.placing(blocked, "frontend")).containsExactly(TaskList.BLOCKED);
        assertThat(TaskList.placing(blocked, "backend")).isEmpty();
    }

    @Test
    @DisplayName("3C.103 needs_you and done_local are in the other participant's list: the ball moves with the setter")
    void theBallIsAtTheOtherParticipant() {
        WorkFacts thrown = Tasks.debt().work(WorkStatus.NEEDS_YOU, "backend", 3).build();
        WorkFacts thrownBack =
                Tasks.debt().work(WorkStatus.NEEDS_YOU, "frontend", 4).build();
        WorkFacts doneLocal =
                Tasks.debt().work(WorkStatus.DONE_LOCAL, "backend", 3).build();

        assertThat(TaskList.placing(thrown, "frontend")).containsExactly(TaskList.NEEDS_YOU);
        assertThat(TaskList.placing(thrown, "backend")).isEmpty();
        assertThat(TaskList.placing(thrownBack, "backend")).containsExactly(TaskList.NEEDS_YOU);
        assertThat(TaskList.placing(doneLocal, "frontend")).containsExactly(TaskList.AWAITING_DONE);
        assertThat(TaskList.placing(doneLocal, "backend")).isEmpty();
    }

    @Test
    @DisplayName("a work_status set at send time is the sender's move")
    void aSendTimeStatusIsTheSenders() {
        WorkFacts task = Tasks.debt().workWithoutEvent(WorkStatus.NEEDS_YOU).build();

        assertThat(TaskList.placing(task, "backend")).containsExactly(TaskList.NEEDS_YOU);
        assertThat(TaskList.placing(task, "frontend")).isEmpty();
    }

    @Test
    @DisplayName("proposed and done are nobody's move")
    void proposedAndDoneAreInNoList() {
        for (WorkStatus value : List.of(WorkStatus.PROPOSED, WorkStatus.DONE)) {
            WorkFacts task = Tasks.debt().work(value, "backend", 3).build();
            assertThat(TaskList.placing(task, "backend")).isEmpty();
            assertThat(TaskList.placing(task, "frontend")).isEmpty();
        }
    }

    @Test
    @DisplayName("3C.101 a resolved debt is in the non-resolver's resolved_for_you until confirmed, either way round")
    void resolvedForYouBelongsToWhoDidNotResolve() {
        WorkFacts byAssignee = Tasks.debt().resolvedBy("backend", 5).build();
        WorkFacts withdrawn = Tasks.debt().resolvedBy("frontend", 5).build();
        WorkFacts confirmed =
                Tasks.debt().resolvedBy("backend", 5).confirmedAt(6).build();

        assertThat(TaskList.placing(byAssignee, "frontend")).containsExactly(TaskList.RESOLVED_FOR_YOU);
        assertThat(TaskList.placing(byAssignee, "backend")).isEmpty();
        assertThat(TaskList.placing(withdrawn, "backend")).containsExactly(TaskList.RESOLVED_FOR_YOU);
        assertThat(TaskList.placing(confirmed, "frontend")).isEmpty();
    }

    @Test
    @DisplayName("3C.99 a confirm before a re-resolve does not cover the new resolution")
    void aReResolveNeedsAFreshConfirm() {
        WorkFacts task = Tasks.debt()
                .resolvedBy("backend", 5)
                .confirmedAt(6)
                .reopenedAt(7)
                .resolvedBy("backend", 8)
                .build();

        assertThat(TaskList.placing(task, "frontend")).containsExactly(TaskList.RESOLVED_FOR_YOU);
    }

    @Test
    @DisplayName("the work list and resolved_for_you are independent axes")
    void aTaskCanBeInAWorkListAndResolvedForYou() {
        WorkFacts task = Tasks.debt()
                .work(WorkStatus.IN_PROGRESS, "frontend", 3)
                .resolvedBy("backend", 5)
                .build();

        assertThat(TaskList.placing(task, "frontend"))
                .containsExactlyInAnyOrder(TaskList.IN_PROGRESS, TaskList.RESOLVED_FOR_YOU);
    }

    @Test
    @DisplayName("3C.105 several blockers: unblocked only once the last one is resolved or deleted")
    void unblockedOnceTheLastBlockerIsGone() {
        WorkFacts oneLeft = Tasks.debt()
                .work(WorkStatus.BLOCKED, "backend", 3)
                .blockedOn(List.of(3L, 4L), 1)
                .build();
        WorkFacts noneLeft = Tasks.debt()
                .work(WorkStatus.BLOCKED, "backend", 3)
                .blockedOn(List.of(3L, 4L), 0)
                .build();
        WorkFacts byHand = Tasks.debt().work(WorkStatus.BLOCKED, "backend", 3).build();

        assertThat(TaskList.placing(oneLeft, "backend")).containsExactly(TaskList.BLOCKED);
        assertThat(TaskList.placing(noneLeft, "backend")).containsExactly(TaskList.UNBLOCKED);
        assertThat(TaskList.placing(byHand, "backend")).containsExactly(TaskList.BLOCKED);
    }

    @Test
    @DisplayName("3C.107 ready work: an open debt not behind a live blocker, unblocked ones included")
    void readyWorkExcludesOnlyLiveBlockers() {
        assertThat(Tasks.debt().build().isReady()).isTrue();
        assertThat(Tasks.debt()
                        .work(WorkStatus.BLOCKED, "backend", 3)
                        .blockedOn(List.of(3L, 4L), 1)
                        .build()
                        .isReady())
                .isFalse();
        assertThat(Tasks.debt()
                        .work(WorkStatus.BLOCKED, "backend", 3)
                        .blockedOn(List.of(3L, 4L), 0)
                        .build()
                        .isReady())
                .isTrue();
        assertThat(Tasks.debt().work(WorkStatus.BLOCKED, "backend", 3).build().isReady())
                .isFalse();
        assertThat(Tasks.debt().resolvedBy("backend", 4).build().isReady()).isFalse();
        assertThat(Tasks.plainMessage().build().isReady()).isFalse();
    }
}
