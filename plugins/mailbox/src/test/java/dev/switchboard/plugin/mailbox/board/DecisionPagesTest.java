package dev.switchboard.plugin.mailbox.board;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.Board.Answer;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.testkit.mailbox.BoardDemo;
import dev.switchboard.testkit.mailbox.DecisionDemo;

/**
 * The board's decision pages (ADR 66), on the plugin's test bed with the real SQLite store: a debt's
 * whole life, a proposal's votes and who is still to vote, a pin's versions with their approvals and changes.
 */
class DecisionPagesTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName(
            "a debt's page shows who asked, its addendum, and its life in order: resolved with a note, reopened with"
                    + " a reason, taken up again with a note")
    void aDebtsPageShowsItsWholeLife() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));

            Document page = page(scenario.board()
                    .get("/board/proj/debt/" + scenario.decisions().logo(), owner()));

            assertThat(page.select("h1 .topic").text()).isEqualTo("logo");
            assertThat(page.select("dd.asked-by").text()).startsWith("lead → frontend,");
            assertThat(page.select("dd.status").text()).isEqualTo("open");
            assertThat(page.select("dd.work-status").text()).isEqualTo("in_progress");
            assertThat(page.select("dd.resolution")).isEmpty();
            assertThat(page.select("#addenda .addendum dt").eachText()).containsExactly("for frontend");
            assertThat(page.select("#addenda .addendum pre").eachText()).containsExactly(DecisionDemo.ADDENDUM);
            assertThat(steps(page))
                    .containsSubsequence(
                            "frontend resolved: " + DecisionDemo.RESOLUTION_NOTE,
                            "lead reopened: " + DecisionDemo.REOPEN_REASON,
                            "frontend work status: in_progress: " + DecisionDemo.PROGRESS_NOTE);
        }
    }

    @Test
    @DisplayName("a debt's page shows the resolution with its note and whether its author confirmed it; after"
            + " confirm_resolution it says confirmed and the history holds the confirmation's note")
    void aDebtsPageShowsTheResolutionAndItsConfirmation() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            long schema = scenario.base().schema();

            Document before = page(board.get("/board/proj/debt/" + schema, owner()));
            assertThat(before.select("dd.status").text()).isEqualTo("resolved");
            assertThat(before.select(".resolved-by").text()).isEqualTo("backend");
            assertThat(before.select(".resolution-note").text()).isEqualTo("migrated");
            assertThat(before.select("dd.confirmation").text())
                    .isEqualTo("not confirmed yet: lead confirms or reopens it");

            board.ok(
                    scenario.as("lead"),
                    "confirm_resolution",
                    MailboxHarness.args("message_id", schema, "note", "checked on staging"));

            Document after = page(board.get("/board/proj/debt/" + schema, owner()));
            assertThat(after.select("dd.confirmation").text()).isEqualTo("confirmed by its author");
            assertThat(steps(after)).endsWith("lead confirmed the resolution: checked on staging");
        }
    }

    @Test
    @DisplayName("a blocked debt's page names what it waits on with its state and the note of the block; the blocker's"
            + " page names what waits on it")
    void blockersAreShownBothWays() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            long plan = scenario.base().plan();
            long env = scenario.decisions().env();

            Document blocked = page(board.get("/board/proj/debt/" + plan, owner()));
            assertThat(blocked.select("dd.work-status").text()).isEqualTo("blocked");
            assertThat(blocked.select("#waits-on .blocker").eachAttr("data-id")).containsExactly(Long.toString(env));
            assertThat(blocked.select("#waits-on .blocker").text()).contains("load-test environment", "open");
            assertThat(steps(blocked)).endsWith("qa work status: blocked: " + DecisionDemo.BLOCKED_NOTE);

            Document blocker = page(board.get("/board/proj/debt/" + env, owner()));
            assertThat(blocker.select("#waited-on-by .blocked").eachAttr("data-id"))
                    .containsExactly(Long.toString(plan));
            assertThat(blocker.select("#waits-on")).isEmpty();

            board.ok(
                    scenario.as("backend"),
                    "resolve_message",
                    MailboxHarness.args("message_id", env, "resolution_note", "env is up"));
            assertThat(page(board.get("/board/proj/debt/" + plan, owner()))
                            .select("#waits-on .blocker .state")
                            .text())
                    .isEqualTo("resolved");
        }
    }

    @Test
    @DisplayName("a proposal's page shows each vote with its note, who is still to vote exactly as awaiting_ack lists"
            + " it (a needs_changes vote is a vote), and the tally")
    void aProposalsPageShowsVotesAndWhoIsStillToVote() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            long glossary = scenario.base().glossary();

            Document page = page(board.get("/board/proj/proposal/" + glossary, owner()));

            assertThat(page.select("#ballots .ballot").stream()
                            .map(row -> row.select("td").stream()
                                    .limit(3)
                                    .map(Element::text)
                                    .toList())
                            .toList())
                    .containsExactly(
                            List.of("backend", "agree", ""),
                            List.of("lead", "needs_changes", DecisionDemo.NEEDS_CHANGES_NOTE));
            assertThat(page.select("#ballots .revision").eachText()).containsOnly("on the current text");
            assertThat(page.select("#still-to-vote .voter").eachText())
                    .containsExactly("qa")
                    .isEqualTo(awaitedBy(scenario, glossary));
            assertThat(page.select(".tally").text()).isEqualTo("1/3");
            assertThat(page.select("#produced .produced")).isEmpty();

            Document channel = page(board.get("/board/proj", owner()));
            Element row = channel.selectFirst("tr.proposal[data-id=" + glossary + "]");
            assertThat(row.select(".votes").text()).isEqualTo("backend: agree, lead: needs_changes");
            assertThat(row.select(".still-to-vote").text()).isEqualTo("qa");
        }
    }

    @Test
    @DisplayName("after its author revises a proposal, earlier votes are shown as not counting and every voter is"
            + " still to vote again, as awaiting_ack says")
    void aRevisionQuenchesTheVotesOnThePage() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            long glossary = scenario.base().glossary();

            board.ok(
                    scenario.as("frontend"),
                    "revise_message",
                    MailboxHarness.args("message_id", glossary, "body", "agree to pin glossary, court defined"));

            Document page = page(board.get("/board/proj/proposal/" + glossary, owner()));
            assertThat(page.select("#ballots .revision").eachText())
                    .containsOnly("before the last revision: does not count");
            assertThat(page.select("#still-to-vote .voter").eachText())
                    .containsExactly("backend", "lead", "qa")
                    .isEqualTo(awaitedBy(scenario, glossary));
            assertThat(page.select(".tally").text()).isEqualTo("0/3");
            assertThat(steps(page)).anyMatch(step -> step.startsWith("frontend revised"));
        }
    }

    @Test
    @DisplayName("a proposal's page names the pin version it approved, with the votes' notes; the pin's page shows both"
            + " versions, each with its approving proposal, and what version 2 changed")
    void aPinShowsItsVersionsApprovalsAndChanges() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            long charter2 = scenario.decisions().charter2();

            Document proposal = page(board.get("/board/proj/proposal/" + charter2, owner()));
            assertThat(proposal.select("#produced .produced").text()).startsWith("charter version 2, set by lead");
            assertThat(proposal.select("#ballots .ballot[data-role=backend] .note")
                            .text())
                    .isEqualTo(DecisionDemo.AGREE_NOTE);
            assertThat(proposal.select("#still-to-vote")).isEmpty();

            Document pin = page(board.get("/board/proj/pin?key=charter", owner()));
            List<Element> versions = pin.select("article.pin-version");
            assertThat(versions).hasSize(2);
            assertThat(versions.get(0).select("h2").text()).isEqualTo("version 2: Team charter");
            assertThat(versions.get(0).select("a.approved-by").attr("href"))
                    .isEqualTo("/board/proj/proposal/" + charter2);
            assertThat(versions.get(0).select(".approval-topic").text()).isEqualTo("charter v2");
            assertThat(versions.get(0).select("summary").text()).isEqualTo("Changes since version 1");
            assertThat(versions.get(0).select("pre.diff .added").eachText())
                    .containsExactly("+We pair on risky changes.");
            assertThat(versions.get(0).select("pre.diff .removed")).isEmpty();
            assertThat(versions.get(0).select("pre.diff .context").eachText()).containsExactly(BoardDemo.CHARTER_BODY);
            assertThat(versions.get(1).select("a.approved-by").attr("href"))
                    .isEqualTo("/board/proj/proposal/" + scenario.base().charter());
            assertThat(versions.get(1).select("details.changes")).isEmpty();
        }
    }

    @Test
    @DisplayName("a debt asked for as a proposal, and a proposal asked for as a debt, are sent to their own page (303);"
            + " a message that is not there, or an id that is not a number, is a 404 page on both")
    void pagesOfTheOtherKindRedirectAndWhatIsNotThereIs404() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            long debt = scenario.base().login();
            long proposal = scenario.base().glossary();

            Answer debtAsProposal = board.get("/board/proj/proposal/" + debt, owner());
            assertThat(debtAsProposal.status()).isEqualTo(303);
            assertThat(debtAsProposal.header("Location")).isEqualTo("/board/proj/debt/" + debt);
            Answer proposalAsDebt = board.get("/board/proj/debt/" + proposal, owner());
            assertThat(proposalAsDebt.status()).isEqualTo(303);
            assertThat(proposalAsDebt.header("Location")).isEqualTo("/board/proj/proposal/" + proposal);
            assertThat(board.get(proposalAsDebt.header("Location"), owner()).status())
                    .isEqualTo(200);
            for (String page : List.of("debt", "proposal")) {
                Answer missing = board.get("/board/proj/" + page + "/999999", owner());
                assertThat(missing.status()).as(page).isEqualTo(404);
                assertThat(Jsoup.parse(missing.body()).select("p.problem").text())
                        .as(page)
                        .startsWith("message 999999 not found in this channel");
                assertThat(board.get("/board/proj/" + page + "/x1", owner()).status())
                        .as(page)
                        .isEqualTo(404);
            }
        }
    }

    /** @return the roles whose awaiting_ack (the tool, as each role) lists the proposal, sorted */
    private static List<String> awaitedBy(DecisionScenario scenario, long proposal) {
        List<String> roles = new ArrayList<>();
        for (String role : BoardDemo.ROLES.stream().sorted().toList()) {
            Map<String, Object> awaiting =
                    scenario.board().ok(scenario.as(role), "awaiting_ack", MailboxHarness.args("limit", 100));
            if (((List<?>) awaiting.get("result"))
                    .stream().anyMatch(entry -> ((Number) ((Map<?, ?>) entry).get("id")).longValue() == proposal)) {
                roles.add(role);
            }
        }
        return roles;
    }

    /** @return each history step as "role what: note" (or "role what") */
    static List<String> steps(Document page) {
        return page.select("#history .step").stream()
                .map(step ->
                        step.select(".who").text() + " " + step.select(".what").text()
                                + (step.select(".note").isEmpty()
                                        ? ""
                                        : ": " + step.select(".note").text()))
                .toList();
    }

    private static As owner() {
        return As.principal(Board.OWNER);
    }

    private static Document page(Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return Jsoup.parse(answer.body());
    }
}
