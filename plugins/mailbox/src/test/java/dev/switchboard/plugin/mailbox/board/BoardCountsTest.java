package dev.switchboard.plugin.mailbox.board;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.Board.Answer;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.testkit.mailbox.BoardDemo;

/**
 * Every count on every board page matches the rows it summarises (ADR 66): a count is a
 * {@code .count} whose {@code data-for} names the list it counts, whose rows are {@code .row}; a list cut at
 * {@link BoardLimits.CARD_ENTRIES} says so in a {@code .cut} note naming the count. And the role cards' counts are
 * {@code channel_status}'s.
 */
class BoardCountsTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("every count on every page reachable from the channel page (debts, proposals, pins, threads, the feed)"
            + " equals the number of rows it summarises")
    void everyCountOnEveryPageMatchesItsRows() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));

            Map<String, Document> pages = crawl(scenario.board(), "/board/proj");

            assertThat(pages.keySet())
                    .contains(
                            "/board/proj/debt/" + scenario.decisions().logo(),
                            "/board/proj/proposal/" + scenario.base().glossary(),
                            "/board/proj/pin?key=charter",
                            "/board/proj/feed");
            int counts = 0;
            for (Map.Entry<String, Document> page : pages.entrySet()) {
                counts += assertCountsMatchRows(page.getKey(), page.getValue());
            }
            assertThat(counts).as("counts checked").isGreaterThan(pages.size());
        }
    }

    @Test
    @DisplayName("a role card's counts are channel_status's for that role, and the debts in the courts are the debts"
            + " owed, each in exactly one court: the card that says 3 in its court lists 3")
    void roleCardsCountWhatChannelStatusCounts() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();

            Document page = page(board.get("/board/proj", As.principal(Board.OWNER)));

            List<String> owed = new ArrayList<>();
            List<String> inCourts = new ArrayList<>();
            for (String role : BoardDemo.ROLES) {
                Map<String, Object> status = board.ok(scenario.as(role), "channel_status", Map.of());
                Element card = page.selectFirst("[id=role-" + role + "]");
                assertThat(card.select(".count.owes").text())
                        .as(role)
                        .isEqualTo(status.get("open_obligations").toString());
                assertThat(card.select(".count.awaiting").text())
                        .as(role)
                        .isEqualTo(status.get("awaiting_ack").toString());
                assertThat(card.select(".count.in-court").text())
                        .as(role)
                        .isEqualTo(Integer.toString(card.select("tr.court-debt").size()));
                owed.addAll(card.select("tr.debt").eachAttr("data-id"));
                inCourts.addAll(card.select("tr.court-debt").eachAttr("data-id"));
            }
            assertThat(inCourts).containsExactlyInAnyOrderElementsOf(owed);
            assertThat(page.select("#role-frontend .count.in-court").text()).isEqualTo("3");
            assertThat(page.select("#role-frontend tr.court-debt")).hasSize(3);
        }
    }

    @Test
    @DisplayName(
            "a role card's list cut at the board's limit still counts every row channel_status counts, and says so")
    void aCutListSaysItsCount() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            DecisionScenario scenario = DecisionScenario.on(new Board(harness));
            Board board = scenario.board();
            for (int i = 0; i < BoardLimits.CARD_ENTRIES; i++) {
                board.ok(
                        scenario.as("lead"),
                        "send_message",
                        MailboxHarness.args(
                                "to", "qa", "topic", "task " + i, "body", "do it", "action_required", true));
            }

            Document page = page(board.get("/board/proj", As.principal(Board.OWNER)));

            assertCountsMatchRows("/board/proj", page);
            assertThat(page.select(".cut").eachAttr("data-for")).containsExactly("court-qa", "owes-qa");
        }
    }

    /** @return the number of counts checked on the page */
    static int assertCountsMatchRows(String path, Document page) {
        int checked = 0;
        for (Element count : page.select(".count[data-for]")) {
            String list = count.attr("data-for");
            int rows = page.select("[id=" + list + "] .row").size();
            int said = Integer.parseInt(count.text());
            List<Element> cut = page.select(".cut[data-for=" + list + "]");
            if (cut.isEmpty()) {
                assertThat(rows).as(path + ": the rows of " + list).isEqualTo(said);
            } else {
                assertThat(rows).as(path + ": the rows of the cut " + list).isLessThan(said);
                assertThat(cut.getFirst().text())
                        .as(path + ": the cut note of " + list)
                        .isEqualTo("Showing the " + rows + " newest of " + said + ".");
            }
            checked++;
        }
        return checked;
    }

    /** @return every board page of the channel reachable from {@code start} by its links, by path */
    private static Map<String, Document> crawl(Board board, String start) {
        Map<String, Document> pages = new java.util.LinkedHashMap<>();
        Deque<String> next = new ArrayDeque<>(List.of(start));
        Set<String> seen = new LinkedHashSet<>(next);
        while (!next.isEmpty()) {
            String path = next.removeFirst();
            Document page = page(board.get(path, As.principal(Board.OWNER)));
            pages.put(path, page);
            for (Element link : page.select("a[href^=/board/proj]")) {
                String href = link.attr("href");
                if (seen.add(href)) {
                    next.addLast(href);
                }
            }
        }
        return pages;
    }

    private static Document page(Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return Jsoup.parse(answer.body());
    }
}
