package dev.switchboard.plugin.mailbox.work.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * What a message's history says about its work, as the rules need it: the last event that set the current
 * work_status, the last transition of any value, and the positions of the last reopen, resolve and confirm. An
 * absent mark is an event that never happened (positions are 0 then). Immutable.
 *
 * <p>A work_status set at send time is the sender's transition; a message without any event for its current value (an
 * imported one) is treated as set by its sender, as the original does.
 *
 * @param currentSetter  the last {@code work_status:<current value>} event, or null
 * @param lastTransition the last {@code work_status:*} event of any value, or null
 * @param lastReopenSeq  the position of the last {@code reopen} event, or 0
 * @param lastResolveSeq the position of the last {@code resolve} event, or 0
 * @param lastConfirmSeq the position of the last {@code resolution_confirmed} event, or 0
 */
public record WorkTrail(
        Mark currentSetter, Mark lastTransition, long lastReopenSeq, long lastResolveSeq, long lastConfirmSeq) {

    /** A message nothing has happened to. */
    public static final WorkTrail EMPTY = new WorkTrail(null, null, 0, 0, 0);

    /** @throws IllegalArgumentException if a position is negative */
    public WorkTrail {
        if (lastReopenSeq < 0 || lastResolveSeq < 0 || lastConfirmSeq < 0) {
            throw new IllegalArgumentException("event positions are 0 (never) or more");
        }
    }

    /**
     * @param sender the message's author, who owns a value no event explains
     * @return the role that set the current work_status
     */
    public String setterOfCurrent(String sender) {
        Objects.requireNonNull(sender, "sender");
        return currentSetter == null ? sender : currentSetter.role();
    }

    /** @return whether a reopen happened after the event that set the current work_status (or after none) */
    public boolean reopenedSinceCurrentWasSet() {
        long setAt = currentSetter == null ? 0 : currentSetter.seq();
        return lastReopenSeq > setAt;
    }

    /**
     * The "taken" rule ({@link DebtClaim#isTakenBy}): a debt does not nag its assignee while the assignee made the
     * last work_status transition and made it after the last reopen (a reopen hands the debt back).
     *
     * @param assignee the role the debt is addressed to
     * @return whether the assignee has taken the debt
     */
    public boolean isTakenBy(String assignee) {
        return new DebtClaim(0, lastTransition, lastReopenSeq).isTakenBy(assignee);
    }

    /** @return whether a confirmation follows the latest resolve (a reopen plus a re-resolve needs a fresh one) */
    public boolean resolutionConfirmed() {
        return lastConfirmSeq > lastResolveSeq;
    }

    /** @return the last transition of any value, if there was one */
    public Optional<Mark> transition() {
        return Optional.ofNullable(lastTransition);
    }
}
