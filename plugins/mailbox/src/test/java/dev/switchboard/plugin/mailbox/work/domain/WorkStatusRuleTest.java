package dev.switchboard.plugin.mailbox.work.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import dev.switchboard.plugin.mailbox.message.domain.Vocabulary;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.AlreadySet;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.Problem;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.Refused;
import dev.switchboard.plugin.mailbox.work.domain.WorkStatusDecision.Transition;

class WorkStatusRuleTest {

    private static WorkStatusDecision set(WorkFacts task, String role, WorkStatus value) {
        return WorkStatusRule.decide(task, role, value, List.of(), List.of());
    }

    private static WorkStatusDecision block(WorkFacts task, String role, List<Long> ids, BlockerFacts... facts) {
        return WorkStatusRule.decide(task, role, WorkStatus.BLOCKED, ids, List.of(facts));
    }

    @Test
    @DisplayName("any value may follow any value, except done")
    void anyValueFollowsAnyValueExceptDone() {
        for (WorkStatus from : WorkStatus.values()) {
            for (WorkStatus to : WorkStatus.values()) {
                if (to == WorkStatus.DONE || to == from) {
                    continue;
                }
                WorkFacts task = Tasks.debt().work(from, "backend", 3).build();
                assertThat(set(task, "backend", to)).isEqualTo(new Transition(from, to, List.of()));
            }
        }
        assertThat(set(Tasks.debt().build(), "backend", WorkStatus.IN_PROGRESS))
                .isEqualTo(new Transition(null, WorkStatus.IN_PROGRESS, List.of()));
    }

    @Test
    @DisplayName("3C.102 done is refused unless the status is done_local")
    void doneNeedsDoneLocal() {
        for (WorkStatus from : List.of(WorkStatus.PROPOSED, WorkStatus.IN_PROGRESS, WorkStatus.BLOCKED)) {
            WorkFacts task = Tasks.debt().id(9).work(from, "backend", 3).build();
            assertThat(set(task, "frontend", WorkStatus.DONE)).isEqualTo(new Refused(Problem.DONE_NEEDS_DONE_LOCAL, 9));
        }
        assertThat(set(Tasks.debt().id(9).build(), "frontend", WorkStatus.DONE))
                .isEqualTo(new Refused(Problem.DONE_NEEDS_DONE_LOCAL, 9));
    }

    @Test
    @DisplayName("3C.102 done by the role that set done_local is refused; by the other participant it is accepted")
    void doneIsConfirmedByTheOtherRole() {
        WorkFacts task = Tasks.debt().work(WorkStatus.DONE_LOCAL, "backend", 4).build();

        assertThat(set(task, "backend", WorkStatus.DONE)).isEqualTo(new Refused(Problem.DONE_BY_DONE_LOCAL_SETTER, 7));
        assertThat(set(task, "frontend", WorkStatus.DONE))
                .isEqualTo(new Transition(WorkStatus.DONE_LOCAL, WorkStatus.DONE, List.of()));
    }

    @Test
    @DisplayName("a done_local no event explains counts as the sender's, so only the recipient may confirm it")
    void doneLocalWithoutEventBelongsToTheSender() {
        WorkFacts task = Tasks.debt().workWithoutEvent(WorkStatus.DONE_LOCAL).build();

        assertThat(set(task, "frontend", WorkStatus.DONE)).isInstanceOf(Refused.class);
        assertThat(set(task, "backend", WorkStatus.DONE)).isInstanceOf(Transition.class);
    }

    @Test
    @DisplayName("3C.103 the same value by the same role is already_set; by the other participant a real transition")
    void sameValueSameRoleIsAlreadySet() {
        WorkFacts task = Tasks.debt().work(WorkStatus.NEEDS_YOU, "backend", 5).build();

        assertThat(set(task, "backend", WorkStatus.NEEDS_YOU)).isEqualTo(new AlreadySet(WorkStatus.NEEDS_YOU));
        assertThat(set(task, "frontend", WorkStatus.NEEDS_YOU))
                .isEqualTo(new Transition(WorkStatus.NEEDS_YOU, WorkStatus.NEEDS_YOU, List.of()));
    }

    @Test
    @DisplayName("the same value by the same role after a reopen is a real transition (an explicit re-take)")
    void aReopenMakesTheSameValueATransitionAgain() {
        WorkFacts task = Tasks.debt()
                .work(WorkStatus.IN_PROGRESS, "backend", 5)
                .reopenedAt(8)
                .build();

        assertThat(set(task, "backend", WorkStatus.IN_PROGRESS))
                .isEqualTo(new Transition(WorkStatus.IN_PROGRESS, WorkStatus.IN_PROGRESS, List.of()));
    }

    @Test
    @DisplayName("3C.104 blocked_by with another value than blocked is refused")
    void blockedByNeedsBlocked() {
        WorkFacts task = Tasks.debt().build();

        assertThat(WorkStatusRule.decide(
                        task,
                        "backend",
                        WorkStatus.IN_PROGRESS,
                        List.of(3L),
                        List.of(new BlockerFacts(3, true, true, false))))
                .isEqualTo(new Refused(Problem.BLOCKED_BY_NEEDS_BLOCKED, 7));
    }

    @Test
    @DisplayName("3C.104 a blocker must be a live, unresolved debt other than the task itself")
    void blockersMustBeLiveUnresolvedDebts() {
        WorkFacts task = Tasks.debt().build();

        assertThat(block(task, "backend", List.of(3L), new BlockerFacts(3, true, false, false)))
                .isEqualTo(new Refused(Problem.BLOCKER_NOT_A_DEBT, 3));
        assertThat(block(task, "backend", List.of(3L), new BlockerFacts(3, true, true, true)))
                .isEqualTo(new Refused(Problem.BLOCKER_RESOLVED, 3));
        assertThat(block(task, "backend", List.of(999_999L), BlockerFacts.missing(999_999)))
                .isEqualTo(new Refused(Problem.BLOCKER_NOT_FOUND, 999_999));
        assertThat(block(task, "backend", List.of(7L), new BlockerFacts(7, true, true, false)))
                .isEqualTo(new Refused(Problem.BLOCKER_IS_ITSELF, 7));
    }

    @Test
    @DisplayName("several blockers: each is checked, the first bad one is named, duplicates count once")
    void severalBlockersAreEachChecked() {
        WorkFacts task = Tasks.debt().build();
        BlockerFacts live = new BlockerFacts(3, true, true, false);
        BlockerFacts resolved = new BlockerFacts(5, true, true, true);
        BlockerFacts other = new BlockerFacts(4, true, true, false);

        assertThat(block(task, "backend", List.of(5L, 3L), live, resolved))
                .isEqualTo(new Refused(Problem.BLOCKER_RESOLVED, 5));
        assertThat(block(task, "backend", List.of(4L, 3L, 4L), live, other))
                .isEqualTo(new Transition(null, WorkStatus.BLOCKED, List.of(3L, 4L)));
    }

    @Test
    @DisplayName("re-blocking on other blockers is a transition; on the same ones by the same role, already_set")
    void blockersTakePartInSameValue() {
        WorkFacts task = Tasks.debt()
                .work(WorkStatus.BLOCKED, "backend", 5)
                .blockedOn(List.of(3L), 1)
                .build();
        BlockerFacts three = new BlockerFacts(3, true, true, false);
        BlockerFacts four = new BlockerFacts(4, true, true, false);

        assertThat(block(task, "backend", List.of(3L), three)).isEqualTo(new AlreadySet(WorkStatus.BLOCKED));
        assertThat(block(task, "backend", List.of(3L, 4L), three, four))
                .isEqualTo(new Transition(WorkStatus.BLOCKED, WorkStatus.BLOCKED, List.of(3L, 4L)));
    }

    @Test
    @DisplayName("3C.104 moving off blocked clears blocked_by")
    void leavingBlockedClearsBlockers() {
        WorkFacts task = Tasks.debt()
                .work(WorkStatus.BLOCKED, "backend", 5)
                .blockedOn(List.of(3L, 4L), 2)
                .build();

        assertThat(set(task, "backend", WorkStatus.IN_PROGRESS))
                .isEqualTo(new Transition(WorkStatus.BLOCKED, WorkStatus.IN_PROGRESS, List.of()));
    }

    @Test
    void factsMissingForARequestedBlockerAreADefect() {
        assertThatThrownBy(() -> block(Tasks.debt().build(), "backend", List.of(3L)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3");
    }

    @Test
    void wireValuesParseAndUnknownOnesDoNot() {
        assertThat(WorkStatus.fromWire("done_local")).contains(WorkStatus.DONE_LOCAL);
        assertThat(WorkStatus.fromWire("started")).isEmpty();
        assertThat(WorkStatus.fromWire(null)).isEmpty();
        assertThat(Arrays.stream(WorkStatus.values()).map(WorkStatus::wire))
                .as("the enum's wire values are the core vocabulary's, in order")
                .containsExactlyElementsOf(Vocabulary.WORK_STATUSES)
                .containsExactly("proposed", "in_progress", "done_local", "needs_you", "done", "blocked");
        assertThat(WorkStatus.BLOCKED.event()).isEqualTo("work_status:blocked");
    }
}
