package dev.switchboard.plugin.mailbox.board;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.ValueSource;

import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.Board.Answer;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.ports.call.Principal;

/** Who may open the board and how a board link becomes a session (behaviours 133, 138, 139), on both backends. */
@ParameterizedClass(name = "on {0}")
@ValueSource(strings = {"sqlite", "postgres"})
class BoardAccessTest {

    @Parameter
    String backend;

    @TempDir
    Path dir;

    @Test
    @DisplayName("3C.138 a board link answers 303 to the nonce's channel (whatever the path named) with an HttpOnly,"
            + " SameSite=Lax, Path=/board cookie for 7 days that is no stored hash; reusing the nonce is a 401 page")
    void aBoardLinkOpensASessionOnce() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "dev");
            board.create("other", "a", "b");
            String link = board.link(Board.OWNER, "proj");
            assertThat(link).startsWith("/board/proj?t=");
            String nonce = link.substring(link.indexOf("?t=") + 3);

            Answer redirect = board.get("/board/other/feed?t=" + nonce, As.nobody());

            assertThat(redirect.status()).isEqualTo(303);
            assertThat(redirect.header("Location")).isEqualTo("/board/proj");
            assertThat(redirect.header("Set-Cookie"))
                    .matches("cc_board=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=/board; Max-Age=604800");
            String session = redirect.session();
            assertThat(board.column("SELECT session_hash FROM mailbox_board_session"))
                    .hasSize(1)
                    .doesNotContain(session)
                    .allMatch(hash -> hash.matches("[0-9a-f]{64}"));
            assertThat(board.column("SELECT token_hash FROM mailbox_token")).doesNotContain(session);
            assertThat(board.ok(Board.OWNER, "list_audit_events", args("channel", "proj"))
                            .toString())
                    .contains("board link redeemed: a board session opened")
                    .doesNotContain(session, nonce);
            Answer page = board.get("/board/proj", As.session(session));
            assertThat(page.status()).isEqualTo(200);
            assertThat(Jsoup.parse(page.body()).select("h1").text()).isEqualTo("proj");

            Answer reused = board.get(link, As.nobody());
            assertThat(reused.status()).isEqualTo(401);
            assertThat(Jsoup.parse(reused.body()).select("h1").text()).isEqualTo("This board link no longer works");
            assertThat(reused.header("Set-Cookie")).isNull();
        }
    }

    @Test
    @DisplayName("3C.138 no credentials is a 401 page, a role token a 403 page, another channel's viewer 403, an"
            + " unknown channel 404; the owner's bearer reads the index and every channel")
    void whoMayReadWhichPage() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            Map<String, String> tokens = board.create("proj", "lead", "dev");
            board.create("other", "a", "b");
            Principal lead = board.principal(tokens.get("lead"));
            String viewer = board.session(lead, null);

            assertThat(board.get("/board/proj", As.nobody()).status()).isEqualTo(401);
            assertThat(board.get("/board", As.nobody()).status()).isEqualTo(401);
            assertThat(board.get("/board/proj", As.session("not-a-session")).status())
                    .isEqualTo(401);
            Answer role = board.get("/board/proj", As.principal(lead));
            assertThat(role.status()).isEqualTo(403);
            assertThat(Jsoup.parse(role.body()).select("h1").text()).isEqualTo("Role tokens do not open the board");
            assertThat(board.get("/board/other", As.session(viewer)).status()).isEqualTo(403);
            assertThat(board.get("/board/other/thread/1", As.session(viewer)).status())
                    .isEqualTo(403);
            assertThat(board.get("/board/proj/thread/99", As.session(viewer)).status())
                    .isEqualTo(404);
            assertThat(board.get("/board/proj/thread/99999999999999999999", As.session(viewer))
                            .status())
                    .isEqualTo(404);
            assertThat(board.get("/board/proj/pin/none", As.session(viewer)).status())
                    .isEqualTo(404);
            Answer toOwnChannel = board.get("/board", As.session(viewer));
            assertThat(toOwnChannel.status()).isEqualTo(303);
            assertThat(toOwnChannel.header("Location")).isEqualTo("/board/proj");

            assertThat(board.get("/board/nowhere", As.principal(Board.OWNER)).status())
                    .isEqualTo(404);
            Answer index = board.get("/board", As.principal(Board.OWNER));
            assertThat(index.status()).isEqualTo(200);
            assertThat(Jsoup.parse(index.body()).select("tr.channel a").eachText())
                    .containsExactly("other", "proj");
            assertThat(board.get("/board/other/feed", As.principal(Board.OWNER)).status())
                    .isEqualTo(200);
            assertThat(board.get("/board/proj", As.principal(board.principal(viewerKey(board, "proj"))))
                            .status())
                    .isEqualTo(200);
        }
    }

    @Test
    @DisplayName("3C.138 every board response carries the CSP, nosniff, DENY, no-store and no-referrer (the owner's"
            + " index: same-origin) headers and no inline <script")
    void everyResponseCarriesTheHeadersAndNoScript() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "dev");
            String link = board.link(Board.OWNER, "proj");
            String session = board.get(link, As.nobody()).session();
            for (Answer answer : new Answer[] {
                board.get("/board/proj", As.session(session)),
                board.get("/board/proj/feed", As.session(session)),
                board.get("/board/proj", As.nobody()),
                board.get(link, As.nobody()),
                board.get("/board/nowhere", As.principal(Board.OWNER))
            }) {
                assertThat(answer.header("Content-Security-Policy"))
                        .isEqualTo("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
                                + " img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
                assertThat(answer.header("X-Content-Type-Options")).isEqualTo("nosniff");
                assertThat(answer.header("X-Frame-Options")).isEqualTo("DENY");
                assertThat(answer.header("Cache-Control")).isEqualTo("no-store");
                assertThat(answer.header("Referrer-Policy")).isEqualTo("no-referrer");
                assertThat(answer.body()).doesNotContainIgnoringCase("<script>");
            }
            Answer index = board.get("/board", As.principal(Board.OWNER));
            assertThat(index.header("Content-Security-Policy"))
                    .isEqualTo("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
                            + " img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
            assertThat(index.header("X-Frame-Options")).isEqualTo("DENY");
            assertThat(index.header("Cache-Control")).isEqualTo("no-store");
            assertThat(index.header("Referrer-Policy"))
                    .as("the owner's forms must send their real Origin (ADR 67)")
                    .isEqualTo("same-origin");
        }
    }

    @Test
    @DisplayName("3C.138 the cookie is Secure only behind X-Forwarded-Proto: https from a loopback or private peer")
    void secureOnlyBehindATrustedProxy() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "dev");
            As https = As.nobody().header("X-Forwarded-Proto", "https");

            assertThat(board.get(board.link(Board.OWNER, "proj"), https).header("Set-Cookie"))
                    .endsWith("; Max-Age=604800; Secure");
            assertThat(board.get(board.link(Board.OWNER, "proj"), https.from(new InetSocketAddress("10.1.2.3", 5)))
                            .header("Set-Cookie"))
                    .endsWith("; Secure");
            assertThat(board.get(board.link(Board.OWNER, "proj"), https.from(new InetSocketAddress("203.0.113.9", 5)))
                            .header("Set-Cookie"))
                    .doesNotContain("Secure");
            assertThat(board.get(board.link(Board.OWNER, "proj"), As.nobody()).header("Set-Cookie"))
                    .doesNotContain("Secure");
        }
    }

    @Test
    @DisplayName("3C.133 rotate_token of a role ends the board sessions opened from its links (401); sessions from the"
            + " owner's links keep working")
    void rotationEndsTheIssuersSessions() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            Map<String, String> tokens = board.create("proj", "frontend", "backend");
            String fromFrontend = board.session(board.principal(tokens.get("frontend")), null);
            String fromOwner = board.session(Board.OWNER, "proj");
            assertThat(board.get("/board/proj", As.session(fromFrontend)).status())
                    .isEqualTo(200);

            board.ok(Board.OWNER, "rotate_token", args("channel", "proj", "role", "frontend"));

            assertThat(board.get("/board/proj", As.session(fromFrontend)).status())
                    .isEqualTo(401);
            assertThat(board.get("/board/proj", As.session(fromOwner)).status()).isEqualTo(200);
            board.ok(Board.OWNER, "revoke_board_access", args("channel", "proj"));
            assertThat(board.get("/board/proj", As.session(fromOwner)).status()).isEqualTo(401);
        }
    }

    @Test
    @DisplayName("3C.139 an expired board session is 401, and so is a session whose view key expired; an expired nonce"
            + " opens nothing")
    void expiredSessionsAndKeysAre401() {
        try (MailboxHarness harness = MailboxHarness.builder(backend, dir)
                .setting("view-key-ttl-days", 30)
                .open(null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "dev");
            String session = board.session(Board.OWNER, "proj");
            String late = board.link(Board.OWNER, "proj");

            harness.clock().advance(Duration.ofSeconds(301));
            assertThat(board.get(late, As.nobody()).status()).isEqualTo(401);
            harness.clock().advance(Duration.ofDays(7));
            assertThat(board.get("/board/proj", As.session(session)).status()).isEqualTo(401);

            String fresh = board.session(Board.OWNER, "proj");
            assertThat(board.get("/board/proj", As.session(fresh)).status()).isEqualTo(200);
            harness.clock().advance(Duration.ofDays(6));
            assertThat(board.get("/board/proj", As.session(fresh)).status()).isEqualTo(200);
            harness.clock().advance(Duration.ofDays(2));
            assertThat(board.get("/board/proj", As.session(fresh)).status()).isEqualTo(401);
        }
    }

    @Test
    @DisplayName("opening a board session deletes the expired ones, at most 100 per opening and the longest expired"
            + " first, and keeps the live ones")
    void openingASessionPrunesExpiredOnesBounded() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "dev");
            String old = board.session(Board.OWNER, "proj");
            String oldHash = board.column("SELECT session_hash FROM mailbox_board_session")
                    .getFirst();
            harness.clock().advance(Duration.ofDays(8));
            String live = board.session(Board.OWNER, "proj");
            assertThat(board.column("SELECT session_hash FROM mailbox_board_session"))
                    .hasSize(1)
                    .doesNotContain(oldHash);
            assertThat(board.get("/board/proj", As.session(old)).status()).isEqualTo(401);
            String tokenId =
                    board.column("SELECT token_id FROM mailbox_board_session").getFirst();
            for (int i = 0; i < 150; i++) {
                board.execute(
                        "INSERT INTO mailbox_board_session (session_hash, token_id, created_at, expires_at)"
                                + " VALUES (?, CAST(? AS BIGINT), ?, ?)",
                        "%064d".formatted(i),
                        tokenId,
                        "2020-01-01T00:00:00.000Z",
                        "2020-01-02T00:%02d:%02d.000Z".formatted(i / 60, i % 60));
            }

            board.session(Board.OWNER, "proj");

            assertThat(board.column(
                            "SELECT session_hash FROM mailbox_board_session WHERE session_hash LIKE" + " '00000000%'"))
                    .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.range(100, 150)
                            .mapToObj("%064d"::formatted)
                            .toList());
            board.session(Board.OWNER, "proj");
            assertThat(board.column("SELECT session_hash FROM mailbox_board_session"))
                    .hasSize(3)
                    .noneMatch(hash -> hash.startsWith("00000000"));
            assertThat(board.get("/board/proj", As.session(live)).status()).isEqualTo(200);
        }
    }

    @Test
    @DisplayName("a board session's use is audited as token_used of its view key at first use, then at most once a"
            + " minute per session, never naming the session")
    void aSessionsUseIsAuditedOncePerMinute() {
        try (MailboxHarness harness = MailboxHarness.open(backend, dir, null)) {
            Board board = new Board(harness);
            board.create("proj", "lead", "dev");
            String first = board.session(Board.OWNER, "proj");
            String second = board.session(Board.OWNER, "proj");
            String hashes = String.join(" ", board.column("SELECT session_hash FROM mailbox_board_session"));
            String unused = "SELECT token_id FROM mailbox_token WHERE kind = 'view' AND last_used_at IS NULL";
            assertThat(board.column(unused)).hasSize(2);

            for (int i = 0; i < 3; i++) {
                assertThat(board.get("/board/proj", As.session(first)).status()).isEqualTo(200);
            }
            assertThat(sessionUses(board)).isEqualTo(1);
            board.get("/board/proj/feed", As.session(second));
            assertThat(sessionUses(board)).isEqualTo(2);
            harness.clock().advance(Duration.ofSeconds(59));
            board.get("/board/proj", As.session(first));
            assertThat(sessionUses(board)).isEqualTo(2);
            harness.clock().advance(Duration.ofSeconds(2));
            board.get("/board/proj", As.session(first));
            assertThat(sessionUses(board)).isEqualTo(3);

            String audit = board.ok(Board.OWNER, "list_audit_events", args("channel", "proj"))
                    .toString();
            assertThat(audit).contains("token_used", "proj/view:test", "board session used");
            for (String secret : (first + " " + second + " " + hashes).split(" ")) {
                assertThat(audit).doesNotContain(secret);
            }
            assertThat(board.column(unused)).isEmpty();
        }
    }

    private static int sessionUses(Board board) {
        return board.column("SELECT audit_id FROM mailbox_audit WHERE detail = 'board session used'")
                .size();
    }

    private static String viewerKey(Board board, String channel) {
        return (String) board.ok(Board.OWNER, "board_link", args("channel", channel, "label", "bearer"))
                .get("view_key");
    }
}
