package dev.switchboard.plugin.mailbox.board;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.FeatureState;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.Board.Answer;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.plugin.mailbox.board.domain.BoardLimits;
import dev.switchboard.ports.storage.StorageException;
import dev.switchboard.ports.summary.SummarySection;
import dev.switchboard.testkit.mailbox.BoardDemo;

/** What the board shows a human, read through the mailbox's own services. */
class BoardPagesTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("the channel page shows per role what it owes and whose court each debt is in, the debt waiting for"
            + " confirmation, the open proposal's tally, votes and who is still to vote, the pin with its approving"
            + " proposal, and presence")
    void theChannelPageShowsDebtsCourtsProposalsPinsAndPresence() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));
            Board board = scenario.board();
            String session = board.session(Board.OWNER, "proj");

            Document page = page(board.get("/board/proj", As.session(session)));

            assertThat(page.select("article.role h3").eachText()).containsExactly("backend", "frontend", "lead", "qa");
            assertThat(courts(page, "frontend")).containsExactly(scenario.login() + "=frontend");
            assertThat(courts(page, "backend")).containsExactly(scenario.api() + "=frontend");
            assertThat(courts(page, "lead")).containsExactly(scenario.notes() + "=qa");
            assertThat(courts(page, "qa")).containsExactly(scenario.plan() + "=qa");
            assertThat(page.select("#role-frontend .in-court").text()).isEqualTo("2");
            assertThat(page.select("#role-frontend tr.court-debt").eachAttr("data-id"))
                    .containsExactly(Long.toString(scenario.api()), Long.toString(scenario.login()));
            assertThat(page.select("#role-qa .in-court").text()).isEqualTo("2");
            assertThat(page.select("#role-lead .in-court").text()).isEqualTo("0");
            assertThat(page.select("#role-lead .last-seen").text()).doesNotContain("never");

            Element resolved = page.selectFirst("tr.resolved");
            assertThat(resolved.attr("data-id")).isEqualTo(Long.toString(scenario.schema()));
            assertThat(resolved.select("td").eachText())
                    .containsExactly("#" + scenario.schema(), "schema", "backend", "lead");

            assertThat(page.select("tr.proposal").eachAttr("data-id"))
                    .containsExactly(Long.toString(scenario.glossary()));
            assertThat(page.select("tr.proposal .tally").text()).isEqualTo("1/3");
            assertThat(page.select("tr.proposal .votes").text()).isEqualTo("backend: agree");
            assertThat(page.select("tr.proposal .still-to-vote").text()).isEqualTo("lead, qa");

            Element pin = page.selectFirst("tr.pin");
            assertThat(pin.select("td").first().text()).isEqualTo("charter");
            assertThat(pin.select("a.approved-by").attr("href"))
                    .isEqualTo("/board/proj/proposal/" + scenario.charter());
            assertThat(page.select("script").eachAttr("src")).containsExactly("/board-assets/board.js");
        }
    }

    @Test
    @DisplayName("a body longer than the board shows is cut, naming how much is left out, in the feed and the thread")
    void aLongBodyIsCutWithANote() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));
            Board board = scenario.board();
            String body = "x".repeat(BoardLimits.BODY_SHOWN + 5_000);
            long id = ((Number) board.ok(
                                    board.principal(scenario.tokens().get("frontend")),
                                    "send_message",
                                    MailboxHarness.args("to", "lead", "topic", "long", "body", body))
                            .get("id"))
                    .longValue();

            for (String path : new String[] {"/board/proj/feed", "/board/proj/thread/" + id}) {
                Document doc = page(board.get(path, As.principal(Board.OWNER)));
                String shown = doc.select("#m" + id + " pre.body").text();
                assertThat(shown)
                        .as(path)
                        .startsWith("x".repeat(BoardLimits.BODY_SHOWN))
                        .contains("5000 more characters");
                assertThat(shown.length()).as(path).isLessThan(BoardLimits.BODY_SHOWN + 200);
            }
        }
    }

    @Test
    @DisplayName("a role owing more open debts than the board lists says how many it owes in all")
    void aRoleOwingMoreThanTheListSaysHowMany() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));
            Board board = scenario.board();
            var lead = board.principal(scenario.tokens().get("lead"));
            for (int i = 0; i < BoardLimits.CARD_ENTRIES; i++) {
                board.ok(
                        lead,
                        "send_message",
                        MailboxHarness.args(
                                "to", "qa", "topic", "task " + i, "body", "do it", "action_required", true));
            }

            Document page = page(board.get("/board/proj", As.principal(Board.OWNER)));

            assertThat(page.select("#role-qa tr.debt")).hasSize(BoardLimits.CARD_ENTRIES);
            assertThat(page.select("#role-qa p.cut[data-for=owes-qa]").text())
                    .isEqualTo("Showing the " + BoardLimits.CARD_ENTRIES + " newest of "
                            + (BoardLimits.CARD_ENTRIES + 1) + ".");
            assertThat(page.select("#role-qa p.cut[data-for=court-qa]").text())
                    .isEqualTo("Showing the " + BoardLimits.CARD_ENTRIES + " newest of "
                            + page.select("#role-qa .count[data-for=court-qa]").text() + ".");
            // The court's rows are its newest debts, newest first: the newest qa owes leads them.
            List<Long> court = page.select("#court-qa tr.court-debt").eachAttr("data-id").stream()
                    .map(Long::valueOf)
                    .toList();
            assertThat(court).hasSize(BoardLimits.CARD_ENTRIES).isSortedAccordingTo(Comparator.reverseOrder());
            assertThat(court.getFirst())
                    .isEqualTo(
                            Long.valueOf(page.select("#owes-qa tr.debt").first().attr("data-id")));
            assertThat(page.select("#role-qa .owes").text()).isEqualTo(Integer.toString(BoardLimits.CARD_ENTRIES + 1));
            assertThat(page.select("#role-qa p.cut").eachAttr("data-for")).containsExactly("court-qa", "owes-qa");
            assertThat(page.select("#role-frontend p.note")).isEmpty();
        }
    }

    @Test
    @DisplayName("peer text is shown as text: a body with <script> and \"><img onerror> is escaped in the thread and"
            + " the feed, never markup")
    void untrustedTextIsEscaped() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));
            Board board = scenario.board();

            Answer thread = board.get("/board/proj/thread/" + scenario.hostile(), As.principal(Board.OWNER));
            Document doc = page(thread);

            assertThat(doc.select("article.message").eachAttr("id"))
                    .containsExactly("m" + scenario.login(), "m" + scenario.hostile());
            assertThat(doc.select("#m" + scenario.hostile() + " pre.body").text())
                    .isEqualTo(BoardScenario.HOSTILE);
            assertThat(doc.select("script").eachAttr("src")).containsExactly("/board-assets/board.js");
            assertThat(doc.select("img")).isEmpty();
            assertThat(thread.body()).doesNotContain("<script>", "<img").contains("&lt;script&gt;");
            Document feed = page(board.get("/board/proj/feed", As.principal(Board.OWNER)));
            assertThat(feed.select("article.message pre.body").eachText()).contains(BoardScenario.HOSTILE);
            assertThat(feed.select("script").eachAttr("src")).containsExactly("/board-assets/board.js");
            assertThat(feed.select("img")).isEmpty();
        }
    }

    @Test
    @DisplayName("bidirectional override and isolate controls in a topic or body show as [U+XXXX] marks, so the board"
            + " never reorders what an agent wrote; right-to-left letters are shown as they are")
    void bidirectionalControlsAreShownAsMarks() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));
            Board board = scenario.board();
            long id = ((Number) board.ok(
                                    board.principal(scenario.tokens().get("frontend")),
                                    "send_message",
                                    MailboxHarness.args(
                                            "to",
                                            "lead",
                                            "topic",
                                            "ok \u202Egnp.exe",
                                            "body",
                                            "access = \u2067\u2066 admin\u2069\u2066; שלום"))
                            .get("id"))
                    .longValue();

            Document thread = page(board.get("/board/proj/thread/" + id, As.principal(Board.OWNER)));

            assertThat(thread.select("#m" + id + " pre.body").text())
                    .isEqualTo("access = [U+2067][U+2066] admin[U+2069][U+2066]; שלום");
            assertThat(thread.select("#m" + id + " .topic").text()).isEqualTo("ok [U+202E]gnp.exe");
            assertThat(thread.html()).doesNotContain("\u202E", "\u2066", "\u2067", "\u2069");
        }
    }

    @Test
    @DisplayName("a pin whose key holds a slash is linked by ?key= and its page found")
    void aPinKeyWithASlashIsReachable() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));
            Board board = scenario.board();
            var lead = board.principal(scenario.tokens().get("lead"));
            long round = ((Number) board.ok(
                                    lead,
                                    "send_message",
                                    MailboxHarness.args(
                                            "to",
                                            "*",
                                            "kind",
                                            "proc",
                                            "pin_key",
                                            "docs/api",
                                            "about_message_id",
                                            null,
                                            "voters",
                                            "*",
                                            "topic",
                                            "api doc",
                                            "body",
                                            "agree to pin docs/api"))
                            .get("id"))
                    .longValue();
            for (String voter : List.of("frontend", "backend", "qa")) {
                board.ok(
                        board.principal(scenario.tokens().get(voter)),
                        "acknowledge",
                        MailboxHarness.args("message_id", round, "decision", "agree"));
            }
            board.ok(
                    lead,
                    "pin_set",
                    MailboxHarness.args(
                            "key",
                            "docs/api",
                            "title",
                            "API",
                            "version",
                            "1",
                            "body",
                            "GET /v1",
                            "approved_by",
                            round));

            Document channel = page(board.get("/board/proj", As.principal(Board.OWNER)));
            String href = channel.select("tr.pin a").stream()
                    .filter(a -> a.text().equals("docs/api"))
                    .findFirst()
                    .orElseThrow()
                    .attr("href");

            assertThat(href).isEqualTo("/board/proj/pin?key=docs%2Fapi");
            Document pin = page(board.get(href, As.principal(Board.OWNER)));
            assertThat(pin.select("article.pin-version pre.body").eachText()).containsExactly("GET /v1");
        }
    }

    @Test
    @DisplayName("the pin page lists the key's versions, each with the proposal that approved it")
    void thePinPageShowsVersionsAndTheirApproval() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            BoardScenario scenario = BoardScenario.on(new Board(harness));

            Document pin = page(scenario.board().get("/board/proj/pin/charter", As.principal(Board.OWNER)));

            assertThat(pin.select("article.pin-version pre.body").eachText()).containsExactly(BoardDemo.CHARTER_BODY);
            assertThat(pin.select("a.approved-by").eachAttr("href"))
                    .containsExactly("/board/proj/proposal/" + scenario.charter());
        }
    }

    @Test
    @DisplayName("the owner's index shows every other feature's state (handoff projects: latest sequence, each"
            + " consumer's cursor and what is pending for it) as escaped text, with the projects left out counted;"
            + " it says where the local channel's board is")
    void theOwnersIndexShowsTheHandoffProjects() {
        FeatureState handoff = new FeatureState()
                .overview(new SummarySection(
                        "Handoff projects",
                        List.of("Project", "Latest sequence", "Consumer", "Cursor", "Pending"),
                        List.of(
                                List.of("raveil", "3", "codex", "1", "2"),
                                List.of("raveil", "3", "<script>alert(1)</script>", "3", "0")),
                        48,
                        "projects"));
        try (MailboxHarness harness = MailboxHarness.builder("sqlite", dir)
                .summaries(handoff.asSummaries())
                .open(null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "qa");

            Answer index = board.get("/board", As.principal(Board.OWNER));
            Document doc = page(index);

            assertThat(doc.select("tr.channel a").eachText()).containsExactly("proj");
            assertThat(doc.select("p.local a").eachAttr("href"))
                    .as("the index, which lists hosted channels, says where the local channel's board is")
                    .containsExactly("/board/local");
            Element section = doc.selectFirst("section.feature");
            assertThat(section.select("h2").text()).isEqualTo("Handoff projects");
            assertThat(section.select("th").eachText())
                    .containsExactly("Project", "Latest sequence", "Consumer", "Cursor", "Pending");
            assertThat(section.select("tr.summary-row").stream()
                            .map(row -> row.select("td").eachText())
                            .toList())
                    .containsExactly(
                            List.of("raveil", "3", "codex", "1", "2"),
                            List.of("raveil", "3", "<script>alert(1)</script>", "3", "0"));
            assertThat(section.select("p.more").text()).isEqualTo("and 48 more projects");
            assertThat(doc.select("script").eachAttr("src")).containsExactly("/board-assets/board.js");
            assertThat(index.body()).doesNotContain("<script>").contains("&lt;script&gt;");
            assertThat(index.header("Content-Security-Policy")).isNotBlank();
        }
    }

    @Test
    @DisplayName("a feature whose state cannot be read is shown as unavailable and the index still answers")
    void anUnreadableFeatureIsShownAsUnavailable() {
        FeatureState broken = new FeatureState().failing(new StorageException("database is locked"));
        try (MailboxHarness harness = MailboxHarness.builder("sqlite", dir)
                .summaries(broken.asSummaries())
                .open(null)) {
            Answer index = new Board(harness).get("/board", As.principal(Board.OWNER));

            Document doc = page(index);
            assertThat(doc.select("section.feature p.none").text()).contains("could not be read");
            assertThat(doc.select("section.feature h2").text()).isEqualTo("A feature's state");
            assertThat(index.body()).doesNotContain("database is locked");
        }
    }

    private static Document page(Answer answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return Jsoup.parse(answer.body());
    }

    private static List<String> courts(Document page, String role) {
        return page.select("#role-" + role + " tr.debt").stream()
                .map(row -> row.attr("data-id") + "=" + row.attr("data-court"))
                .toList();
    }
}
