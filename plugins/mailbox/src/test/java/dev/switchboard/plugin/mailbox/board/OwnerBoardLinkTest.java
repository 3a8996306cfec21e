package dev.switchboard.plugin.mailbox.board;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.board.Board.Answer;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.plugin.mailbox.board.adapter.in.cli.OwnerLinkCommand;
import dev.switchboard.ports.summary.BoardCell;

/**
 * The owner's board link (ADR 69): {@code switchboard mailbox owner-link} mints a one-use link, redeemed on
 * {@code /board} into an owner session cookie ({@code cc_board_owner}: HttpOnly, SameSite=Strict, Path=/board) that
 * reads the owner's index and may abort; only digests are stored; a used, expired or misplaced link, a view key's
 * session presented as the owner's, and an ended session are refused with pages that say so; the abort's redirect
 * names its outcome, which the index shows as a status line. Real SQLite store, the board's own endpoints.
 */
class OwnerBoardLinkTest {

    private static final String ORIGIN = BoardTestBed.ORIGIN;

    @TempDir
    static Path dir;

    private static BoardTestBed bed;
    private static Board board;

    @BeforeAll
    static void start() {
        bed = BoardTestBed.open(
                dir,
                List.of("Command", ""),
                List.of(
                        List.of(BoardCell.text("sleep 300"), new BoardCell.Action("test.abort", "run-1", "Abort")),
                        List.of(BoardCell.text("true"), new BoardCell.Action("test.abort", "ended", "Abort"))),
                "test.topic");
        board = bed.board();
    }

    @AfterAll
    static void stop() {
        bed.close();
    }

    @Test
    @DisplayName("owner-link prints a one-use /board link; redeemed it sets an HttpOnly SameSite=Strict owner cookie on"
            + " /board and goes on to the index; the store holds only digests; used again it is a 401 page")
    void anOwnerLinkOpensAnOwnerSessionOnce() {
        String link = mint();
        assertThat(link).matches("/board\\?t=[A-Za-z0-9_-]{43}");
        String nonce = link.substring("/board?t=".length());

        Answer opened = board.get(link, As.nobody());

        assertThat(opened.status()).isEqualTo(200);
        String cookie = opened.header("Set-Cookie");
        assertThat(cookie)
                .matches("cc_board_owner=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/board; Max-Age=604800");
        Document page = Jsoup.parse(opened.body());
        assertThat(page.selectFirst("meta[http-equiv=refresh]").attr("content")).isEqualTo("0; url=/board");
        assertThat(page.selectFirst("a[href=/board]")).isNotNull();
        assertThat(page.select("script")).isEmpty();
        String session = ownerSession(opened);
        assertThat(board.column("SELECT session_hash FROM mailbox_board_owner_session"))
                .containsExactly(hex(session));
        assertThat(board.column("SELECT nonce_hash FROM mailbox_board_owner_nonce"))
                .contains(hex(nonce));
        assertThat(String.join(" ", board.column("SELECT detail FROM mailbox_audit WHERE actor = 'owner'")))
                .contains("an owner board link minted (cli)", "an owner board link redeemed")
                .doesNotContain(nonce, session);

        Answer index = board.get("/board", ownerCookie(session));
        assertThat(index.status()).isEqualTo(200);
        assertThat(Jsoup.parse(index.body()).select("form.action button")).hasSize(2);

        Answer again = board.get(link, As.nobody());
        assertThat(again.status()).isEqualTo(401);
        assertThat(again.header("Set-Cookie")).isNull();
        assertThat(Jsoup.parse(again.body()).selectFirst("h1").text()).isEqualTo("This owner link no longer works");
    }

    @Test
    @DisplayName("an expired owner link, an owner link on a channel's page, a view link on the index and a view key's"
            + " session presented as the owner's are refused; a view key's session is sent to its channel")
    void onlyALiveOwnerLinkOrSessionIsTheOwner() {
        String expired = "expired-owner-nonce-0000000000000000000000";
        board.execute(
                "INSERT INTO mailbox_board_owner_nonce (nonce_hash, created_at, expires_at) VALUES (?, ?, ?)",
                hex(expired),
                "2000-01-01T00:00:00.000Z",
                "2000-01-01T00:05:00.000Z");
        assertThat(board.get("/board?t=" + expired, As.nobody()).status()).isEqualTo(401);

        String ownerLink = mint();
        assertThat(board.get("/board/proj" + ownerLink.substring("/board".length()), As.nobody())
                        .status())
                .as("an owner nonce is no view link")
                .isEqualTo(401);
        String viewLink = board.link(board.principal(bed.tokens().get("lead")), null);
        assertThat(board.get("/board" + viewLink.substring(viewLink.indexOf('?')), As.nobody())
                        .status())
                .as("a view nonce is no owner link")
                .isEqualTo(401);

        String viewSession = board.session(board.principal(bed.tokens().get("lead")), null);
        Answer asOwner = board.get("/board", ownerCookie(viewSession));
        assertThat(asOwner.status()).isEqualTo(401);
        assertThat(Jsoup.parse(asOwner.body()).selectFirst("h1").text()).isEqualTo("Your owner session has ended");
        Answer view = board.get("/board", As.session(viewSession));
        assertThat(view.status()).isEqualTo(303);
        assertThat(view.header("Location")).isEqualTo("/board/proj");
    }

    @Test
    @DisplayName("the owner session's Abort is taken with its own CSRF token from its origin and redirects to"
            + " /board?done=...; a target already ended redirects to /board?gone=...; the index says which")
    void theAbortsOutcomeIsShownOnTheIndex() {
        String session = ownerSession(board.get(mint(), As.nobody()));
        As owner = ownerCookie(session).header("Host", "127.0.0.1:8765");
        String csrf = Jsoup.parse(board.get("/board", owner).body())
                .selectFirst("form.action input[name=csrf]")
                .attr("value");
        As posting = owner.header("Origin", ORIGIN);
        String viewSession = board.session(board.principal(bed.tokens().get("lead")), null);
        assertThat(board.post(
                                "/board",
                                "action=test.abort&target=run-1&csrf=" + csrf,
                                As.session(viewSession)
                                        .header("Host", "127.0.0.1:8765")
                                        .header("Origin", ORIGIN))
                        .status())
                .as("the owner's token with a view key's session")
                .isEqualTo(403);
        assertThat(board.post("/board", "action=test.abort&target=run-1", posting)
                        .status())
                .isEqualTo(403);

        Answer done = board.post("/board", "action=test.abort&target=run-1&csrf=" + csrf, posting);
        Answer gone = board.post("/board", "action=test.abort&target=ended&csrf=" + csrf, posting);

        assertThat(done.status()).isEqualTo(303);
        assertThat(done.header("Location")).isEqualTo("/board?done=test.abort&target=run-1");
        assertThat(gone.status()).isEqualTo(303);
        assertThat(gone.header("Location")).isEqualTo("/board?gone=test.abort&target=ended");
        assertThat(notice(board.get(done.header("Location"), owner)))
                .isEqualTo("done: Done: test.abort was taken for run-1.");
        assertThat(notice(board.get(gone.header("Location"), owner)))
                .isEqualTo("gone: Nothing done: ended is not running (it has ended, or never ran), so test.abort had"
                        + " nothing to act on.");
        assertThat(Jsoup.parse(board.get("/board?done=%3Cscript%3E&target=x", owner)
                                .body())
                        .select("p.notice"))
                .as("a malformed notice shows nothing")
                .isEmpty();
    }

    @Test
    @DisplayName("owner-link --end-sessions ends every owner session (its cookie then gets a 401 page) and cancels"
            + " every link not yet opened")
    void endingSessionsSignsEveryOwnerBrowserOut() {
        String session = ownerSession(board.get(mint(), As.nobody()));
        assertThat(board.get("/board", ownerCookie(session)).status()).isEqualTo(200);
        String unopened = mint();

        CommandRun ended = CommandRun.of(bed.harness(), new OwnerLinkCommand(), "", "--end-sessions", "--json");

        assertThat(ended.status()).isZero();
        assertThat(ended.out()).contains("\"ended_sessions\":");
        Answer after = board.get("/board", ownerCookie(session));
        assertThat(after.status()).isEqualTo(401);
        assertThat(Jsoup.parse(after.body()).selectFirst("h1").text()).isEqualTo("Your owner session has ended");
        assertThat(board.get(unopened, As.nobody()).status())
                .as("a link minted before the clean-up opens no session")
                .isEqualTo(401);
        assertThat(board.get(mint(), As.nobody()).header("Set-Cookie"))
                .as("a link minted after it does")
                .startsWith("cc_board_owner=");
        CommandRun.of(bed.harness(), new OwnerLinkCommand(), "", "--end-sessions"); // the class shares one store
    }

    @Test
    @DisplayName("minting an owner link deletes the expired owner links and sessions and keeps the live ones")
    void mintingAnOwnerLinkDeletesExpiredOwnerLinksAndSessions() {
        String live = mint().substring("/board?t=".length());
        board.execute(
                "INSERT INTO mailbox_board_owner_nonce (nonce_hash, created_at, expires_at) VALUES (?, ?, ?)",
                hex("expired-nonce"),
                "2000-01-01T00:00:00.000Z",
                "2000-01-01T00:05:00.000Z");
        board.execute(
                "INSERT INTO mailbox_board_owner_session (session_hash, created_at, expires_at) VALUES (?, ?, ?)",
                hex("expired-session"),
                "2000-01-01T00:00:00.000Z",
                "2000-01-08T00:00:00.000Z");

        mint();

        assertThat(board.column("SELECT nonce_hash FROM mailbox_board_owner_nonce"))
                .contains(hex(live))
                .doesNotContain(hex("expired-nonce"));
        assertThat(board.column("SELECT session_hash FROM mailbox_board_owner_session"))
                .doesNotContain(hex("expired-session"));
    }

    @Test
    @DisplayName("owner-link without --json prints the link alone on stdout, so a script can take it; the advice goes"
            + " to stderr")
    void thePlainOutputIsTheLinkAlone() {
        CommandRun run = CommandRun.of(bed.harness(), new OwnerLinkCommand(), "");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out().strip()).matches("/board\\?t=[A-Za-z0-9_-]{43}");
        assertThat(run.err()).contains("within 300 s", "works once", "plugins.mailbox.public-url");
    }

    private static String mint() {
        CommandRun run = CommandRun.of(bed.harness(), new OwnerLinkCommand(), "", "--json");
        assertThat(run.status()).as(run.err()).isZero();
        @SuppressWarnings("unchecked")
        Map<String, Object> json = JsonMapper.builder().build().readValue(run.out(), Map.class);
        assertThat(json).containsEntry("expires_in_s", 300);
        return (String) json.get("url");
    }

    private static String ownerSession(Answer opened) {
        String cookie = opened.header("Set-Cookie");
        return cookie.substring("cc_board_owner=".length(), cookie.indexOf(';'));
    }

    private static As ownerCookie(String session) {
        return new As(java.util.Optional.empty(), Map.of("cc_board_owner", session), Map.of(), Board.LOOPBACK);
    }

    private static String notice(Answer index) {
        var line = Jsoup.parse(index.body()).selectFirst("main p.notice");
        return line.attr("data-outcome") + ": " + line.text();
    }

    private static String hex(String secret) {
        return HexFormat.of().formatHex(Board.sha256(secret));
    }
}
