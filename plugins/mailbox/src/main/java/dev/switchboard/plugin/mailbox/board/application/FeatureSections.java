package dev.switchboard.plugin.mailbox.board.application;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.switchboard.plugin.mailbox.board.application.BoardViews.FeatureSection;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.ports.summary.ActionResult;
import dev.switchboard.ports.summary.BoardSection;
import dev.switchboard.ports.summary.StateSummaries;
import dev.switchboard.ports.summary.StateSummary;

/**
 * The other features' state for the owner's index, so one page covers the whole server (ADR 28, 67):
 * the {@linkplain StateSummary#sections sections} of each {@link StateSummary} the kernel lists, at most
 * {@value BoardLimits#SUMMARY_ITEMS} items each; the topics that announce their changes, for the live board; and the
 * owner's actions, handed to the contributor that offered them. A contributor that fails is shown as unavailable
 * (and logged without its details reaching the page); the others are shown. Thread-safe.
 */
@Singleton
public final class FeatureSections {

    private static final Logger LOG = LoggerFactory.getLogger(FeatureSections.class);

    private final StateSummaries summaries;

    @Inject
    FeatureSections(StateSummaries summaries) {
        this.summaries = summaries;
    }

    /** @return the sections of every contributor, in the kernel's order */
    public List<FeatureSection> read() {
        List<FeatureSection> sections = new ArrayList<>();
        for (StateSummary contributor : summaries.contributors()) {
            sections.addAll(sections(contributor));
        }
        return sections;
    }

    /** @return the change-signal topics of every contributor, each once */
    public Set<String> topics() {
        Set<String> topics = new LinkedHashSet<>();
        for (StateSummary contributor : summaries.contributors()) {
            topics.addAll(contributor.changeTopics());
        }
        return topics;
    }

    /**
     * Hands an owner's action to the contributor whose it is. The caller has checked that the owner asked on
     * purpose (ADR 67).
     *
     * @param action the action's name
     * @param target what it acts on
     * @return what became of it; {@link ActionResult#UNKNOWN} when no contributor takes it
     */
    public ActionResult perform(String action, String target) {
        for (StateSummary contributor : summaries.contributors()) {
            ActionResult result = contributor.perform(action, target);
            if (result != ActionResult.UNKNOWN) {
                return result;
            }
        }
        return ActionResult.UNKNOWN;
    }

    private static List<FeatureSection> sections(StateSummary contributor) {
        try {
            List<FeatureSection> shown = new ArrayList<>();
            for (BoardSection section : contributor.sections(BoardLimits.SUMMARY_ITEMS)) {
                String more = section.more() > 0 ? "and " + section.more() + " more " + section.unit() : "";
                shown.add(new FeatureSection(section.title(), section.columns(), section.rows(), more, ""));
            }
            return shown;
        } catch (RuntimeException e) {
            LOG.warn(
                    "a state summary ({}) could not be read",
                    contributor.getClass().getName(),
                    e);
            return List.of(new FeatureSection(
                    "A feature's state",
                    List.of(),
                    List.of(),
                    "",
                    "this feature's state could not be read just now (the server's log says why)"));
        }
    }
}
