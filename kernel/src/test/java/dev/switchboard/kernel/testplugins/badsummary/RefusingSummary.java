package dev.switchboard.kernel.testplugins.badsummary;

import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.ports.plugin.InvalidSettingException;
import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/** A test plugin's state summary that cannot be built: its setting is refused. */
@Extension
public final class RefusingSummary implements StateSummary {

    @Inject
    RefusingSummary() {
        throw new InvalidSettingException("plugins.badsummary.consumer", "", "a consumer");
    }

    @Override
    public SummarySection overview(int limit) {
        throw new AssertionError("never built");
    }

    @Override
    public List<ActionableCount> actionable() {
        throw new AssertionError("never built");
    }
}
