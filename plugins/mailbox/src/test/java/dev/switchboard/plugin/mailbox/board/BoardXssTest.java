package dev.switchboard.plugin.mailbox.board;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.tool.ToolResult;

/**
 * No text an agent writes runs as markup on any board page (ADR 66): every field the
 * decision pages show (topics, bodies, addenda, resolution, reopen, work-status, confirmation and vote notes, pin keys,
 * titles, version labels and bodies) carries a script payload, every page is read, and none holds an element or an
 * event handler the payload would have made, while the payload shows as text. Role and channel names cannot carry
 * one: the roster refuses them.
 */
class BoardXssTest {

    /** Script as an element, and an attribute break-out into an element with a handler; 55 characters (a topic's 80). */
    static final String PAYLOAD = "<script>alert(1)</script>\"><img src=x onerror=alert(1)>";

    @TempDir
    Path dir;

    @Test
    @DisplayName("a script payload in every agent-written field shows as text on the channel, feed, thread, debt,"
            + " proposal and pin pages, and no page carries a script, an injected element or an event handler")
    void noAgentWrittenFieldRunsOnAnyPage() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            Board board = new Board(harness);
            Map<String, String> tokens = board.create("x", "lead", "dev");
            Principal lead = board.principal(tokens.get("lead"));
            Principal dev = board.principal(tokens.get("dev"));

            long blocker = id(board.ok(lead, "send_message", debt("dev", PAYLOAD)));
            long debt = id(board.ok(
                    lead,
                    "send_message",
                    MailboxHarness.args(
                            "to",
                            "dev",
                            "topic",
                            PAYLOAD,
                            "body",
                            PAYLOAD,
                            "action_required",
                            true,
                            "addenda",
                            Map.of("dev", PAYLOAD))));
            board.ok(
                    dev,
                    "set_work_status",
                    MailboxHarness.args(
                            "message_id",
                            debt,
                            "work_status",
                            "blocked",
                            "blocked_by",
                            List.of(blocker),
                            "note",
                            PAYLOAD));
            board.ok(dev, "set_work_status", MailboxHarness.args("message_id", debt, "work_status", "in_progress"));
            board.ok(dev, "resolve_message", MailboxHarness.args("message_id", debt, "resolution_note", PAYLOAD));
            board.ok(lead, "reopen_message", MailboxHarness.args("message_id", debt, "reason", PAYLOAD));
            board.ok(dev, "resolve_message", MailboxHarness.args("message_id", debt, "resolution_note", PAYLOAD));
            board.ok(lead, "confirm_resolution", MailboxHarness.args("message_id", debt, "note", PAYLOAD));
            // The first version needs no approval (the key is not reserved); the second is the proposal's change,
            // agreed after the first was set.
            board.ok(
                    lead,
                    "pin_set",
                    MailboxHarness.args("key", PAYLOAD, "title", PAYLOAD, "version", PAYLOAD, "body", PAYLOAD));
            long proposal = id(board.ok(
                    lead,
                    "send_message",
                    MailboxHarness.args(
                            "to",
                            "*",
                            "kind",
                            "proc",
                            "pin_key",
                            PAYLOAD,
                            "about_message_id",
                            null,
                            "voters",
                            "*",
                            "topic",
                            PAYLOAD,
                            "body",
                            PAYLOAD)));
            board.ok(
                    dev,
                    "acknowledge",
                    MailboxHarness.args("message_id", proposal, "decision", "needs_changes", "note", PAYLOAD));
            board.ok(
                    lead,
                    "revise_message",
                    MailboxHarness.args("message_id", proposal, "body", PAYLOAD + " v2", "note", PAYLOAD));
            board.ok(
                    dev,
                    "acknowledge",
                    MailboxHarness.args("message_id", proposal, "decision", "agree", "note", PAYLOAD));
            board.ok(
                    lead,
                    "pin_set",
                    MailboxHarness.args(
                            "key",
                            PAYLOAD,
                            "title",
                            PAYLOAD,
                            "version",
                            PAYLOAD + "2",
                            "body",
                            PAYLOAD + "\n" + PAYLOAD + "2",
                            "approved_by",
                            proposal));

            String key = URLEncoder.encode(PAYLOAD, StandardCharsets.UTF_8);
            for (String path : List.of(
                    "/board/x",
                    "/board/x/feed",
                    "/board/x/thread/" + debt,
                    "/board/x/debt/" + debt,
                    "/board/x/debt/" + blocker,
                    "/board/x/proposal/" + proposal,
                    "/board/x/pin?key=" + key)) {
                Answer answer = board.get(path, As.principal(Board.OWNER));
                assertThat(answer.status()).as(path + ": " + answer.body()).isEqualTo(200);
                Document page = Jsoup.parse(answer.body());
                assertThat(
                                page.select(
                                        "script:not([src=/board-assets/board.js]), img, iframe, object, embed, svg, style:not(head style)"))
                        .as(path)
                        .isEmpty();
                assertThat(page.getAllElements().stream()
                                .flatMap(element -> element.attributes().asList().stream())
                                .map(attribute -> attribute.getKey())
                                .filter(name -> name.startsWith("on")))
                        .as(path + ": event handler attributes")
                        .isEmpty();
                assertThat(answer.body()).as(path).doesNotContain("<img");
                assertThat(answer.body().split("<script", -1))
                        .as(path + ": the board's own script is the only one")
                        .hasSizeLessThanOrEqualTo(2);
                assertThat(page.body().text())
                        .as(path + " shows the payload as text")
                        .contains(PAYLOAD);
            }
            Document debtPage = Jsoup.parse(board.get("/board/x/debt/" + debt, As.principal(Board.OWNER))
                    .body());
            assertThat(debtPage.select("#history .note").eachText())
                    .hasSizeGreaterThanOrEqualTo(5)
                    .containsOnly(PAYLOAD);
            Document proposalPage = Jsoup.parse(board.get("/board/x/proposal/" + proposal, As.principal(Board.OWNER))
                    .body());
            assertThat(proposalPage.select("#ballots .note").eachText()).containsExactly(PAYLOAD);
            Element diff = Jsoup.parse(board.get("/board/x/pin?key=" + key, As.principal(Board.OWNER))
                            .body())
                    .selectFirst("pre.diff");
            assertThat(diff.select(".added").eachText()).containsExactly("+" + PAYLOAD + "2");
        }
    }

    @Test
    @DisplayName("a role name or a channel name cannot carry a script payload: create_channel refuses it")
    void namesCannotCarryAPayload() {
        try (MailboxHarness harness = MailboxHarness.open("sqlite", dir, null)) {
            ToolResult role = harness.callAs(
                    Board.OWNER, "create_channel", MailboxHarness.args("name", "y", "roles", List.of("lead", PAYLOAD)));
            ToolResult channel = harness.callAs(
                    Board.OWNER, "create_channel", MailboxHarness.args("name", PAYLOAD, "roles", List.of("lead")));

            assertThat(role).isInstanceOf(ToolResult.Failure.class);
            assertThat(channel).isInstanceOf(ToolResult.Failure.class);
        }
    }

    private static Map<String, Object> debt(String to, String topic) {
        return MailboxHarness.args("to", to, "topic", topic, "body", topic, "action_required", true);
    }

    private static long id(Map<String, Object> sent) {
        return ((Number) sent.get("id")).longValue();
    }
}
