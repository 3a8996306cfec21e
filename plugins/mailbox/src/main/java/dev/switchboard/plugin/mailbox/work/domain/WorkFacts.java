package dev.switchboard.plugin.mailbox.work.domain;

import java.util.List;
import java.util.Objects;

/**
 * One live (not deleted) message as the work rules see it: its debt and work axes, its blockers and its history.
 * Gathered by the persistence adapter in one read; immutable.
 *
 * @param id              the message id in its channel, at least 1
 * @param topic           the topic
 * @param from            the author
 * @param createdAt       when it was sent, ISO-8601 UTC with milliseconds
 * @param actionRequired  whether it is a debt
 * @param status          the debt status, or null for a message that is not a debt
 * @param resolvedBy      who resolved it, or null
 * @param resolvedAt      when, or null
 * @param resolutionNote  the resolver's note, or null
 * @param workStatus      the work status, or null when none was ever set
 * @param blockers        the ids it is blocked by (empty unless {@code blocked} on messages), ascending
 * @param liveBlockers    how many of {@code blockers} still block: they exist, are not deleted and not resolved
 * @param trail           what its history says
 * @param lastMovedAt     the time of its last transition, resolve or reopen, or null when it never moved
 */
public record WorkFacts(
        long id,
        String topic,
        String from,
        String createdAt,
        boolean actionRequired,
        DebtStatus status,
        String resolvedBy,
        String resolvedAt,
        String resolutionNote,
        WorkStatus workStatus,
        List<Long> blockers,
        int liveBlockers,
        WorkTrail trail,
        String lastMovedAt) {

    /**
     * @throws NullPointerException     if topic, from, createdAt, blockers or trail is null
     * @throws IllegalArgumentException if the id is below 1 or liveBlockers is outside 0..blockers.size()
     */
    public WorkFacts {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(trail, "trail");
        blockers = List.copyOf(blockers);
        if (id < 1) {
            throw new IllegalArgumentException("a message id is at least 1, got " + id);
        }
        if (liveBlockers < 0 || liveBlockers > blockers.size()) {
            throw new IllegalArgumentException("liveBlockers must be 0.." + blockers.size() + ", got " + liveBlockers);
        }
    }

    /** @return whether it is an open debt */
    public boolean isOpenDebt() {
        return actionRequired && status == DebtStatus.OPEN;
    }

    /** @return the role that set the current work_status (the sender when no event explains it) */
    public String currentSetter() {
        return trail.setterOfCurrent(from);
    }

    /**
     * A blocked task is behind a live blocker while any of its blockers still blocks, and also when it names none
     * (blocked on something outside the channel, lifted by hand). One whose blockers are all resolved or deleted is
     * unblocked: surfaced, never changed automatically.
     *
     * @return whether it is blocked and nothing the channel can see has lifted that
     */
    public boolean isBehindLiveBlocker() {
        return workStatus == WorkStatus.BLOCKED && (blockers.isEmpty() || liveBlockers > 0);
    }

    /** @return whether it is blocked on messages that are all resolved or deleted now */
    public boolean isUnblocked() {
        return workStatus == WorkStatus.BLOCKED && !blockers.isEmpty() && liveBlockers == 0;
    }

    /** @return whether it is in the ready queue of its assignee: an open debt not behind a live blocker */
    public boolean isReady() {
        return isOpenDebt() && !isBehindLiveBlocker();
    }
}
