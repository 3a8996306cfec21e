package dev.switchboard.plugin.mailbox;

import java.util.List;

import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/**
 * Another feature's state as the kernel would list it (ADR 28), set by a test: the mailbox cannot load another
 * plugin's classes, so its tests speak the port; the distribution's ITs read the real handoff plugin's. Thread-safe
 * (volatile fields).
 */
public final class FeatureState implements StateSummary {

    private volatile SummarySection overview;
    private volatile List<ActionableCount> actionable = List.of();
    private volatile RuntimeException failure;

    /** @return the kernel's list holding this one contributor */
    public StateSummaries asSummaries() {
        return () -> List.of(this);
    }

    /** Sets the overview. */
    public FeatureState overview(SummarySection section) {
        this.overview = section;
        return this;
    }

    /** Sets one actionable counter. */
    public FeatureState pending(String name, long count, String hint) {
        this.actionable = List.of(new ActionableCount(name, count, hint));
        return this;
    }

    /** Makes every read throw this. */
    public FeatureState failing(RuntimeException e) {
        this.failure = e;
        return this;
    }

    @Override
    public SummarySection overview(int limit) {
        if (failure != null) {
            throw failure;
        }
        return overview;
    }

    @Override
    public List<ActionableCount> actionable() {
        if (failure != null) {
            throw failure;
        }
        return actionable;
    }
}
