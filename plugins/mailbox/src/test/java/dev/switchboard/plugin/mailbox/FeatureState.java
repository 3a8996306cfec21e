package dev.switchboard.plugin.mailbox;

import java.util.List;

import dev.switchboard.ports.summary.ActionResult;
import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.BoardCell;
import dev.switchboard.ports.summary.BoardSection;
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
    private volatile List<BoardSection> sections;
    private volatile List<String> topics = List.of();
    private final List<String> performed = new java.util.concurrent.CopyOnWriteArrayList<>();

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

    /** Sets the board's sections (otherwise the overview's) and the change topics that announce them. */
    public FeatureState sections(List<BoardSection> shown, List<String> changeTopics) {
        this.sections = List.copyOf(shown);
        this.topics = List.copyOf(changeTopics);
        return this;
    }

    /** @return the actions taken, as {@code action:target}, in order */
    public List<String> performed() {
        return List.copyOf(performed);
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
    public List<BoardSection> sections(int limit) {
        if (failure != null) {
            throw failure;
        }
        return sections != null ? sections : StateSummary.super.sections(limit);
    }

    @Override
    public List<String> changeTopics() {
        return topics;
    }

    /**
     * Takes {@code test.abort} on any target of an {@link BoardCell.Action} it shows, except {@code ended} (a target
     * that is gone); nothing else.
     */
    @Override
    public ActionResult perform(String action, String target) {
        if (!action.equals("test.abort")) {
            return ActionResult.UNKNOWN;
        }
        if (target.equals("ended")) {
            return ActionResult.GONE;
        }
        performed.add(action + ":" + target);
        return ActionResult.DONE;
    }

    @Override
    public List<ActionableCount> actionable() {
        if (failure != null) {
            throw failure;
        }
        return actionable;
    }
}
