package dev.switchboard.plugin.mailbox.work.domain;

import java.util.List;

/** Builds {@link WorkFacts} for rule tests: a debt from {@code frontend} to {@code backend}, sent on 1 December. */
public final class Tasks {

    public static final String SENT = "2026-12-01T09:00:00.000Z";

    private long id = 7;
    private String topic = "fix the login";
    private String from = "frontend";
    private boolean actionRequired = true;
    private DebtStatus status = DebtStatus.OPEN;
    private String resolvedBy;
    private String resolvedAt;
    private String note;
    private WorkStatus workStatus;
    private List<Long> blockers = List.of();
    private int liveBlockers;
    private WorkTrail trail = WorkTrail.EMPTY;
    private String movedAt;

    public static Tasks debt() {
        return new Tasks();
    }

    public static Tasks plainMessage() {
        Tasks tasks = new Tasks();
        tasks.actionRequired = false;
        tasks.status = null;
        return tasks;
    }

    public Tasks id(long value) {
        id = value;
        return this;
    }

    public Tasks topic(String value) {
        topic = value;
        return this;
    }

    public Tasks work(WorkStatus value, String setter, long seq) {
        workStatus = value;
        Mark mark = new Mark(setter, seq);
        trail = new WorkTrail(mark, mark, trail.lastReopenSeq(), trail.lastResolveSeq(), trail.lastConfirmSeq());
        return this;
    }

    public Tasks workWithoutEvent(WorkStatus value) {
        workStatus = value;
        return this;
    }

    public Tasks trail(WorkTrail value) {
        trail = value;
        return this;
    }

    public Tasks reopenedAt(long seq) {
        trail = new WorkTrail(
                trail.currentSetter(), trail.lastTransition(), seq, trail.lastResolveSeq(), trail.lastConfirmSeq());
        status = DebtStatus.OPEN;
        resolvedBy = null;
        resolvedAt = null;
        note = null;
        return this;
    }

    public Tasks resolvedBy(String role, long seq) {
        status = DebtStatus.RESOLVED;
        resolvedBy = role;
        resolvedAt = "2026-12-02T10:00:00.000Z";
        note = "shipped in 1.4";
        trail = new WorkTrail(
                trail.currentSetter(), trail.lastTransition(), trail.lastReopenSeq(), seq, trail.lastConfirmSeq());
        return this;
    }

    public Tasks confirmedAt(long seq) {
        trail = new WorkTrail(
                trail.currentSetter(), trail.lastTransition(), trail.lastReopenSeq(), trail.lastResolveSeq(), seq);
        return this;
    }

    public Tasks blockedOn(List<Long> ids, int live) {
        blockers = ids;
        liveBlockers = live;
        return this;
    }

    public Tasks movedAt(String value) {
        movedAt = value;
        return this;
    }

    public WorkFacts build() {
        return new WorkFacts(
                id,
                topic,
                from,
                SENT,
                actionRequired,
                status,
                resolvedBy,
                resolvedAt,
                note,
                workStatus,
                blockers,
                liveBlockers,
                trail,
                movedAt);
    }
}
