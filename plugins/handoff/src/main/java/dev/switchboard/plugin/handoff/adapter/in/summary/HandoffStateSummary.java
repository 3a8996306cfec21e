package dev.switchboard.plugin.handoff.adapter.in.summary;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.pf4j.Extension;

import dev.switchboard.plugin.handoff.application.ConsumerPending;
import dev.switchboard.plugin.handoff.application.HandoffListChanges;
import dev.switchboard.plugin.handoff.application.HandoffProgress;
import dev.switchboard.plugin.handoff.application.OwnerOverview;
import dev.switchboard.plugin.handoff.application.ReadHandoff;
import dev.switchboard.plugin.handoff.application.port.out.LoadOverviewPort.ConsumerLine;
import dev.switchboard.plugin.handoff.application.port.out.LoadOverviewPort.Overview;
import dev.switchboard.plugin.handoff.application.port.out.LoadOverviewPort.ProjectLine;
import dev.switchboard.plugin.handoff.domain.Applied;
import dev.switchboard.plugin.handoff.domain.HandoffId;
import dev.switchboard.plugin.handoff.domain.HandoffSummary;
import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.BoardCell;
import dev.switchboard.ports.summary.BoardSection;
import dev.switchboard.ports.summary.StateSummary;
import dev.switchboard.ports.summary.SummarySection;

/**
 * Handoff's state for the server's owner and for a consumer session (ADR 28): the overview is one row per (project,
 * consumer) with the project's latest sequence, the consumer's cursor and how many handoffs are pending for it (a
 * project without cursors gets one row saying so; consumers past {@value OwnerOverview#CONSUMERS_PER_PROJECT} are
 * counted in a row of their own); the actionable counter {@value #COUNTER} is the configured consumer's pending
 * handoffs in the configured project. Thread-safe.
 */
@Extension
@Singleton
public final class HandoffStateSummary implements StateSummary {

    /** The actionable counter's wire name. */
    public static final String COUNTER = "handoffs_pending";

    static final List<String> COLUMNS = List.of("Project", "Latest sequence", "Consumer", "Cursor", "Pending");

    static final List<String> TIMELINE_COLUMNS =
            List.of("Project", "Sequence", "Title", "Kind", "Source", "Routed to", "Committed", "Applied");

    private static final DateTimeFormatter APPLIED_AT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final OwnerOverview overview;
    private final ConsumerPending pending;
    private final ReadHandoff handoffs;

    @Inject
    HandoffStateSummary(OwnerOverview overview, ConsumerPending pending, ReadHandoff handoffs) {
        this.overview = overview;
        this.pending = pending;
        this.handoffs = handoffs;
    }

    /**
     * The board's sections (ADR 67): the projects' cursors and pending counts as {@link #overview}, then the timeline
     * of the {@code limit} most recent handoffs, by project, newest first in each: sequence, title, kind, source
     * (where it came from), the targets a librarian routed it to, when it was committed, and who applied it where and
     * when ({@code mark_applied}'s records, {@link #applied}).
     */
    @Override
    public List<BoardSection> sections(int limit) {
        List<HandoffSummary> recent = new ArrayList<>(handoffs.timeline(limit));
        recent.sort(
                Comparator.comparing((HandoffSummary h) -> h.receipt().project().value())
                        .thenComparing(h -> -h.receipt().sequence().value()));
        Map<HandoffId, List<Applied>> applied = handoffs.applied(
                recent.stream().map(h -> h.receipt().handoffId()).toList());
        List<List<BoardCell>> rows = new ArrayList<>();
        for (HandoffSummary handoff : recent) {
            rows.add(List.of(
                    BoardCell.text(handoff.receipt().project().value()),
                    BoardCell.text(Long.toString(handoff.receipt().sequence().value())),
                    BoardCell.text(handoff.title()),
                    BoardCell.text(handoff.kind()),
                    BoardCell.text(handoff.source()),
                    BoardCell.text(String.join(", ", handoff.routedTo())),
                    new BoardCell.Time(handoff.receipt().committedAt()),
                    BoardCell.text(
                            applied(applied.getOrDefault(handoff.receipt().handoffId(), List.of())))));
        }
        return List.of(
                BoardSection.of(overview(limit)),
                new BoardSection("Handoff timeline", TIMELINE_COLUMNS, rows, 0, "handoffs"));
    }

    /**
     * @return {@code mark_applied}'s records in words, oldest first, separated by semicolons: who applied it, in which repository
     *     and commit, into which files, and when (UTC); empty when it was never applied
     */
    static String applied(List<Applied> records) {
        List<String> lines = new ArrayList<>();
        for (Applied record : records) {
            lines.add(record.appliedBy() + " applied it to " + record.repository() + " at " + record.commitRef()
                    + (record.paths().isEmpty() ? "" : " (" + String.join(", ", record.paths()) + ")") + ", "
                    + APPLIED_AT.format(record.appliedAt()));
        }
        return String.join("\n", lines);
    }

    @Override
    public SummarySection overview(int limit) {
        Overview page = overview.read(limit);
        List<List<String>> rows = new ArrayList<>();
        for (ProjectLine project : page.projects()) {
            String key = project.storedKey();
            String latest = Long.toString(project.latest().value());
            if (project.consumers().isEmpty()) {
                rows.add(List.of(key, latest, "(no consumer has a cursor)", "", ""));
            }
            for (ConsumerLine consumer : project.consumers()) {
                rows.add(List.of(
                        key,
                        latest,
                        consumer.consumer(),
                        Long.toString(consumer.through().value()),
                        Long.toString(consumer.pending())));
            }
            if (project.moreConsumers() > 0) {
                rows.add(List.of(key, latest, "and " + project.moreConsumers() + " more consumers", "", ""));
            }
        }
        return new SummarySection("Handoff projects", COLUMNS, rows, page.more(), "projects");
    }

    /**
     * @return {@value HandoffListChanges#TOPIC} (a handoff published or a project registered) and
     *     {@value HandoffProgress#TOPIC} (a cursor moved, a handoff applied): what changes these sections, for ADR
     *     67's live board
     */
    @Override
    public List<String> changeTopics() {
        return List.of(HandoffListChanges.TOPIC, HandoffProgress.TOPIC);
    }

    @Override
    public List<ActionableCount> actionable() {
        return pending.pending()
                .map(found -> List.of(new ActionableCount(
                        COUNTER,
                        found.pending(),
                        "For handoffs_pending, call frontispice_list_updates (project "
                                + found.session().project().value() + ", consumer "
                                + found.session().consumer()
                                + "), handle what it lists, then frontispice_advance_cursor.")))
                .orElse(List.of());
    }
}
