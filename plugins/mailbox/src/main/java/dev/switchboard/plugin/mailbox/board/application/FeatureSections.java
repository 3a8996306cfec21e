package dev.switchboard.plugin.mailbox.board.application;

import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.mailbox.board.application.BoardViews.FeatureSection;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/**
 * The other features' state for the owner's index, so one page covers the whole server (ADR 28): each
 * {@link StateSummary} the kernel lists, asked for at most {@value BoardLimits#SUMMARY_ITEMS} items. A contributor
 * that fails is shown as unavailable (and logged without its details reaching the page); the others are shown.
 * Thread-safe.
 */
@Singleton
public final class FeatureSections {

    private static final Logger LOG = LoggerFactory.getLogger(FeatureSections.class);

    private final StateSummaries summaries;

    @Inject
    FeatureSections(StateSummaries summaries) {
        this.summaries = summaries;
    }

    /** @return one section per contributor, in the kernel's order */
    public List<FeatureSection> read() {
        List<FeatureSection> sections = new ArrayList<>();
        for (StateSummary contributor : summaries.contributors()) {
            sections.add(section(contributor));
        }
        return sections;
    }

    private static FeatureSection section(StateSummary contributor) {
        try {
            SummarySection section = contributor.overview(BoardLimits.SUMMARY_ITEMS);
            String more = section.more() > 0 ? "and " + section.more() + " more " + section.unit() : "";
            return new FeatureSection(section.title(), section.columns(), section.rows(), more, "");
        } catch (RuntimeException e) {
            LOG.warn(
                    "a state summary ({}) could not be read",
                    contributor.getClass().getName(),
                    e);
            return new FeatureSection(
                    "A feature's state",
                    List.of(),
                    List.of(),
                    "",
                    "this feature's state could not be read just now (the server's log says why)");
        }
    }
}
