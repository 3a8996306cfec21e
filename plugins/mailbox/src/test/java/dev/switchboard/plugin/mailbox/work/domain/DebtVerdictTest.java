package dev.switchboard.plugin.mailbox.work.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class DebtVerdictTest {

    @Test
    @DisplayName("3C.98 resolving a message that is not a debt is refused; a second resolve is already_resolved")
    void resolve() {
        assertThat(DebtVerdict.resolve(Tasks.plainMessage().build())).isEqualTo(DebtVerdict.NOT_A_DEBT);
        assertThat(DebtVerdict.resolve(Tasks.debt().build())).isEqualTo(DebtVerdict.PROCEED);
        assertThat(DebtVerdict.resolve(Tasks.debt().resolvedBy("backend", 3).build()))
                .isEqualTo(DebtVerdict.ALREADY);
    }

    @Test
    @DisplayName("3C.99 the resolver cannot confirm; an open debt cannot be confirmed; a second confirm is already")
    void confirm() {
        WorkFacts resolved = Tasks.debt().resolvedBy("backend", 3).build();

        assertThat(DebtVerdict.confirm(resolved, "backend")).isEqualTo(DebtVerdict.RESOLVER_CANNOT_CONFIRM);
        assertThat(DebtVerdict.confirm(resolved, "frontend")).isEqualTo(DebtVerdict.PROCEED);
        assertThat(DebtVerdict.confirm(Tasks.debt().build(), "frontend")).isEqualTo(DebtVerdict.NOT_RESOLVED);
        assertThat(DebtVerdict.confirm(
                        Tasks.debt().resolvedBy("backend", 3).confirmedAt(4).build(), "frontend"))
                .isEqualTo(DebtVerdict.ALREADY);
        assertThat(DebtVerdict.confirm(Tasks.plainMessage().build(), "frontend"))
                .isEqualTo(DebtVerdict.NOT_A_DEBT);
    }

    @Test
    @DisplayName("3C.99 after a reopen and a re-resolve a new confirm is accepted")
    void aReResolveIsConfirmedAgain() {
        WorkFacts task = Tasks.debt()
                .resolvedBy("backend", 3)
                .confirmedAt(4)
                .reopenedAt(5)
                .resolvedBy("backend", 6)
                .build();

        assertThat(DebtVerdict.confirm(task, "frontend")).isEqualTo(DebtVerdict.PROCEED);
    }

    @Test
    @DisplayName("3C.100 reopening an open debt is already_open; a resolved one reopens")
    void reopen() {
        assertThat(DebtVerdict.reopen(Tasks.debt().build())).isEqualTo(DebtVerdict.ALREADY);
        assertThat(DebtVerdict.reopen(Tasks.debt().resolvedBy("backend", 3).build()))
                .isEqualTo(DebtVerdict.PROCEED);
        assertThat(DebtVerdict.reopen(Tasks.plainMessage().build())).isEqualTo(DebtVerdict.NOT_A_DEBT);
    }
}
