package dev.switchboard.plugin.handoff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.handoff.adapter.in.summary.HandoffStateSummary;
import dev.switchboard.plugin.handoff.application.HandoffProgress;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.signal.SignalSubscription;
import dev.switchboard.ports.summary.ActionableCount;
import dev.switchboard.ports.summary.BoardCell;
import dev.switchboard.ports.summary.BoardSection;
import dev.switchboard.ports.summary.SummarySection;

/** Handoff's state summary (ADR 28): the owner's overview of every project and a configured consumer's pending count. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {HandoffHarness.SQLITE, HandoffHarness.POSTGRES})
class StateSummaryTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    private HandoffHarness handoff;

    @AfterEach
    void close() {
        if (handoff != null) {
            handoff.close();
        }
    }

    @Test
    void theOverviewShowsEveryProjectsLatestSequenceEachConsumersCursorAndWhatIsPendingForIt() {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
        handoff.register("atlas");
        publish("raveil", 3);
        advance("raveil", "librarian", 1);
        advance("raveil", "codex", 3);

        SummarySection section = summary().overview(10);

        assertThat(section.title()).isEqualTo("Handoff projects");
        assertThat(section.columns()).containsExactly("Project", "Latest sequence", "Consumer", "Cursor", "Pending");
        assertThat(section.rows())
                .containsExactly(
                        List.of("atlas", "0", "(no consumer has a cursor)", "", ""),
                        List.of("raveil", "3", "codex", "3", "0"),
                        List.of("raveil", "3", "librarian", "1", "2"));
        assertThat(section.more()).isZero();
        assertThat(section.unit()).isEqualTo("projects");
    }

    @Test
    void theOverviewListsAtMostTheLimitOfProjectsAndCountsTheRest() {
        handoff = HandoffHarness.open(backend, dir);
        for (String project : List.of("alpha", "bravo", "charlie", "delta", "echo")) {
            handoff.register(project);
        }

        SummarySection section = summary().overview(2);

        assertThat(section.rows()).extracting(row -> row.getFirst()).containsExactly("alpha", "bravo");
        assertThat(section.more()).isEqualTo(3);
    }

    @Test
    void consumersPastTwentyInAProjectAreCountedInARowOfTheirOwn() {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
        publish("raveil", 1);
        for (int i = 10; i < 33; i++) {
            advance("raveil", "consumer-" + i, 1);
        }

        List<List<String>> rows = summary().overview(5).rows();

        assertThat(rows).hasSize(21);
        assertThat(rows.get(19)).containsExactly("raveil", "1", "consumer-29", "1", "0");
        assertThat(rows.getLast()).containsExactly("raveil", "1", "and 3 more consumers", "", "");
    }

    @Test
    void anEmptyStoreHasAnEmptyOverview() {
        handoff = HandoffHarness.open(backend, dir);

        SummarySection section = summary().overview(3);

        assertThat(section.rows()).isEmpty();
        assertThat(section.more()).isZero();
    }

    @Test
    void theConfiguredConsumersPendingHandoffsAreItsActionableCount() {
        handoff = HandoffHarness.open(backend, dir, Map.of("consumer", "codex", "project", "Raveil"));
        assertThat(summary().actionable())
                .as("a project not registered yet holds nothing")
                .extracting(ActionableCount::name, ActionableCount::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("handoffs_pending", 0L));
        handoff.register("raveil");
        publish("raveil", 4);
        advance("raveil", "librarian", 4);

        assertThat(summary().actionable().getFirst().count())
                .as("another consumer's cursor")
                .isEqualTo(4);

        advance("raveil", "codex", 3);

        ActionableCount count = summary().actionable().getFirst();
        assertThat(count.count()).isEqualTo(1);
        assertThat(count.hint())
                .contains("frontispice_list_updates")
                .contains("raveil")
                .contains("codex")
                .contains("frontispice_advance_cursor");
    }

    @Test
    void withoutAConfiguredConsumerNothingIsActionable() {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
        publish("raveil", 2);

        assertThat(summary().actionable()).isEmpty();
    }

    @Test
    void theBoardShowsTheOverviewThenEachProjectsTimelineWithRoutesAndSourceNewestFirst() {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
        handoff.register("atlas");
        String first = (String) handoff.publish("raveil", "<script>alert(1)</script>", "Content")
                .get("handoff_id");
        handoff.publish("atlas", "Atlas note", "Content");
        handoff.publish("raveil", "Second", "Content");
        handoff.ok(
                "frontispice_route_handoff",
                Map.of(
                        "project", "raveil",
                        "handoff_id", first,
                        "targets", List.of("research", "architecture"),
                        "rationale", "Needs an ADR",
                        "routed_by", "librarian"));

        List<BoardSection> sections = summary().sections(10);

        assertThat(sections).extracting(BoardSection::title).containsExactly("Handoff projects", "Handoff timeline");
        assertThat(sections.getFirst().rows()).hasSize(2);
        BoardSection timeline = sections.get(1);
        assertThat(timeline.columns())
                .containsExactly("Project", "Sequence", "Title", "Kind", "Source", "Routed to", "Committed", "Applied");
        assertThat(timeline.rows())
                .extracting(row -> List.of(text(row.get(0)), text(row.get(1)), text(row.get(2)), text(row.get(5))))
                .containsExactly(
                        List.of("atlas", "1", "Atlas note", ""),
                        List.of("raveil", "2", "Second", ""),
                        List.of("raveil", "1", "<script>alert(1)</script>", "architecture, research"));
        assertThat(timeline.rows()).allSatisfy(row -> assertThat(row.get(6)).isInstanceOf(BoardCell.Time.class));
        assertThat(summary().changeTopics()).containsExactly("handoff.list", "handoff.progress");
    }

    @Test
    void aCursorMoveAndAnAppliedRecordSignalTheLiveBoardAndShowOnIt() throws InterruptedException {
        handoff = HandoffHarness.open(backend, dir);
        handoff.register("raveil");
        String first = (String) handoff.publish("raveil", "First", "Content").get("handoff_id");
        handoff.publish("raveil", "Second", "Content");
        assertThat(summary().changeTopics()).contains(HandoffProgress.TOPIC);
        Semaphore heard = new Semaphore(0);
        SignalSubscription subscription =
                handoff.injector().getInstance(ChangeSignals.class).subscribe(HandoffProgress.TOPIC, heard::release);
        try {
            advance("raveil", "codex", 1);

            assertThat(heard.tryAcquire(10, TimeUnit.SECONDS))
                    .as("the cursor move's signal")
                    .isTrue();
            assertThat(summary().sections(10).getFirst().rows())
                    .extracting(row -> List.of(text(row.get(2)), text(row.get(3)), text(row.get(4))))
                    .containsExactly(List.of("codex", "1", "1"));

            handoff.ok(
                    "frontispice_mark_applied",
                    Map.of(
                            "project", "raveil",
                            "handoff_id", first,
                            "applied_by", "codex",
                            "repository", "git@example.org:raveil.git",
                            "commit_ref", "abc1234",
                            "paths", List.of("docs/adr/0001-first.md")));

            assertThat(heard.tryAcquire(10, TimeUnit.SECONDS))
                    .as("the applied record's signal")
                    .isTrue();
            List<List<BoardCell>> timeline = summary().sections(10).get(1).rows();
            assertThat(text(timeline.get(1).get(7)))
                    .startsWith("codex applied it to git@example.org:raveil.git at abc1234 (docs/adr/0001-first.md), ")
                    .endsWith(" UTC");
            assertThat(text(timeline.get(0).get(7)))
                    .as("the second, never applied")
                    .isEmpty();
        } finally {
            subscription.close();
        }
    }

    private static String text(BoardCell cell) {
        return ((BoardCell.Text) cell).text();
    }

    private HandoffStateSummary summary() {
        return handoff.injector().getInstance(HandoffStateSummary.class);
    }

    private void publish(String project, int count) {
        for (int i = 1; i <= count; i++) {
            handoff.publish(project, "Note " + i, "Content " + i);
        }
    }

    private void advance(String project, String consumer, long through) {
        handoff.ok(
                "frontispice_advance_cursor",
                Map.of("project", project, "consumer", consumer, "through_sequence", through));
    }
}
