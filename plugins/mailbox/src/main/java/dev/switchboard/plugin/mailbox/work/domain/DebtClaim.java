package dev.switchboard.plugin.mailbox.work.domain;

import java.util.Objects;

/**
 * What the "taken" rule reads of an open debt, and nothing else: the counters of a role's status count thousands of
 * debts and need no more than this of each. Immutable.
 *
 * @param id             the debt's id in its channel
 * @param lastTransition the last {@code work_status:*} event of any value, or null
 * @param lastReopenSeq  the position of the last {@code reopen} event, or 0
 */
public record DebtClaim(long id, Mark lastTransition, long lastReopenSeq) {

    /** @throws IllegalArgumentException if {@code lastReopenSeq} is negative */
    public DebtClaim {
        if (lastReopenSeq < 0) {
            throw new IllegalArgumentException("event positions are 0 (never) or more");
        }
    }

    /**
     * The "taken" rule: a debt does not nag its assignee while the assignee made the last work_status transition and
     * made it after the last reopen (a reopen hands the debt back). {@link WorkTrail#isTakenBy} is this rule.
     *
     * @param assignee the role the debt is addressed to
     * @return whether the assignee has taken the debt
     */
    public boolean isTakenBy(String assignee) {
        Objects.requireNonNull(assignee, "assignee");
        return lastTransition != null && lastTransition.role().equals(assignee) && lastTransition.seq() > lastReopenSeq;
    }
}
