package dev.switchboard.kernel.testplugins.summary;

import java.util.List;

import org.pf4j.Extension;

import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/** A test plugin's state summary: one row, one counter. */
@Extension
public final class CountingSummary implements StateSummary {

    @Override
    public SummarySection overview(int limit) {
        return new SummarySection("Counting", List.of("what"), List.of(List.of("one")), 0, "things");
    }

    @Override
    public List<ActionableCount> actionable() {
        return List.of(new ActionableCount("counted_pending", 1, "count them."));
    }
}
