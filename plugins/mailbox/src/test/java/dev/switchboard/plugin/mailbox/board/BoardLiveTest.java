package dev.switchboard.plugin.mailbox.board;

import static dev.switchboard.plugin.mailbox.MailboxHarness.args;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.mailbox.FeatureState;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.board.Board.Answer;
import dev.switchboard.plugin.mailbox.board.Board.As;
import dev.switchboard.plugin.mailbox.board.application.BoardCsrf;
import dev.switchboard.ports.call.Cancellation;
import dev.switchboard.ports.call.Principal;
import dev.switchboard.ports.http.ClientGoneException;
import dev.switchboard.ports.http.EndpointResponse;
import dev.switchboard.ports.http.ResponseStream;
import dev.switchboard.ports.signal.ChangeSignals;
import dev.switchboard.ports.summary.BoardCell;

/**
 * The live board and the owner's actions (ADR 67), on one mailbox test bed shared by the
 * class: the pages' strict policy with same-origin script only, relative times with the exact time on hover, the
 * event stream of a page that sends a change after a tool call, and the abort button that acts only for the owner,
 * with its own CSRF token, from the board's own origin.
 */
class BoardLiveTest {

    private static final String ORIGIN = BoardTestBed.ORIGIN;
    private static final String TOPIC = "test.activity";

    @TempDir
    static Path dir;

    private static BoardTestBed bed;
    private static MailboxHarness harness;
    private static Board board;
    private static FeatureState feature;
    private static Map<String, String> tokens;

    @BeforeAll
    static void start() {
        bed = BoardTestBed.open(
                dir,
                List.of("Command", "Started", ""),
                List.of(List.of(
                        BoardCell.text("echo '<script>alert(1)</script>' \"><img src=x onerror=alert(2)>"),
                        new BoardCell.Time(Instant.now().minusSeconds(190)),
                        new BoardCell.Action("test.abort", "run-1", "Abort"))),
                TOPIC);
        harness = bed.harness();
        board = bed.board();
        feature = bed.feature();
        tokens = bed.tokens();
    }

    @AfterAll
    static void stop() {
        bed.close();
    }

    private static As owner() {
        return As.principal(Board.OWNER).header("Host", "127.0.0.1:8765");
    }

    private static String csrfOf(Answer index) {
        return Jsoup.parse(index.body())
                .selectFirst("form.action input[name=csrf]")
                .attr("value");
    }

    private static String abortForm(String csrf) {
        return "action=test.abort&target=run-1" + (csrf == null ? "" : "&csrf=" + csrf);
    }

    @Test
    @DisplayName("a used board link's page and an ended session's page do not follow the server (no live marker for"
            + " the script) and say to ask for a new board link; the script says so too when a live page's stream is"
            + " refused with 401")
    void pagesOfAnEndedSessionSayToAskForANewLink() {
        String link = board.link(board.principal(tokens.get("lead")), null);
        assertThat(board.get(link, As.nobody()).status()).isEqualTo(303);
        Answer used = board.get(link, As.nobody());
        Answer ended = board.get("/board/proj", As.session("no-such-session"));
        for (Answer page : List.of(used, ended)) {
            assertThat(page.status()).isEqualTo(401);
            Document doc = Jsoup.parse(page.body());
            assertThat(doc.select(".live")).isEmpty();
            assertThat(doc.select("p.problem").text()).contains("Ask for a new");
        }
        assertThat(board.get("/board-assets/board.js", As.nobody()).body())
                .contains("Not live: this board session has ended. Ask for a new board link (board_link).")
                .contains("document.querySelector(\".live\")");
    }

    @Test
    @DisplayName("table cells keep ordinary words whole and let long tokens wrap: the stylesheet's cell rule breaks a"
            + " word only when it is longer than its line, and an owner's summary cell of several words is not"
            + " marked as a token")
    void tableCellsBreakTokensNotWords() {
        String css = board.get("/board-assets/board.css", As.nobody()).body();
        String cells = css.lines()
                .filter(line -> line.startsWith("th, td {"))
                .findFirst()
                .orElseThrow();
        assertThat(cells)
                .contains("overflow-wrap: break-word;")
                .contains("word-break: normal;")
                .doesNotContain("anywhere");
        assertThat(css).contains("td code, td.command, td .token, td.token { overflow-wrap: anywhere; }");

        Document index = Jsoup.parse(board.get("/board", owner()).body());
        Element command = index.select("tr.summary-row td").first();
        assertThat(command.text()).startsWith("echo ");
        assertThat(command.hasClass("token"))
                .as("a command line of several words")
                .isFalse();
    }

    @Test
    @DisplayName("the channel page's as-of sentence has no space before its full stop")
    void theAsOfSentenceEndsWithoutAStraySpace() {
        Document page = Jsoup.parse(board.get("/board/proj", owner()).body());

        assertThat(page.select("main > p.muted").first().text()).matches("Read-only, as of \\S(.*\\S)?\\.");
    }

    @Test
    @DisplayName("pages allow same-origin script and style only, carry no inline code, and load the board's own files")
    void pagesKeepAStrictPolicyWithSameOriginScriptOnly() {
        String session = board.session(board.principal(tokens.get("lead")), null);
        for (Answer page : List.of(
                board.get("/board", owner()),
                board.get("/board/proj", As.session(session)),
                board.get("/board/proj/feed", As.session(session)))) {
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.header("Content-Security-Policy"))
                    .isEqualTo("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
                            + " img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
            Document doc = Jsoup.parse(page.body());
            assertThat(doc.select("script")).singleElement().satisfies(script -> {
                assertThat(script.attr("src")).isEqualTo("/board-assets/board.js");
                assertThat(script.data()).isEmpty();
            });
            assertThat(doc.select("style, [style]")).isEmpty();
            assertThat(doc.select("link[rel=stylesheet]").eachAttr("href")).containsExactly("/board-assets/board.css");
            assertThat(doc.getAllElements().stream()
                            .flatMap(element -> element.attributes().asList().stream())
                            .filter(attribute -> attribute.getKey().startsWith("on")))
                    .isEmpty();
            assertThat(doc.select(".live").text()).isEqualTo("Reload for news.");
        }
        Answer script = board.get("/board-assets/board.js", As.nobody());
        assertThat(script.status()).isEqualTo(200);
        assertThat(script.header("Content-Type")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(script.body()).contains("new EventSource(");
        assertThat(board.get("/board-assets/board.css", As.nobody()).header("Content-Type"))
                .isEqualTo("text/css; charset=utf-8");
        assertThat(board.get("/board-assets/secrets.txt", As.nobody()).status()).isEqualTo(404);
    }

    @Test
    @DisplayName("a problem page (a used board link, an ended session, no credentials) loads no script and shows no"
            + " live marker: it has nothing to follow, so the browser opens no event stream for it")
    void aProblemPageLoadsNoScript() {
        String link = board.link(Board.OWNER, "proj");
        assertThat(board.get(link, As.nobody()).status()).isEqualTo(303);

        for (Answer problem : List.of(
                board.get(link, As.nobody()),
                board.get("/board/proj", As.session("no-such-session")),
                board.get("/board/proj", As.nobody()))) {
            assertThat(problem.status()).isEqualTo(401);
            Document doc = Jsoup.parse(problem.body());
            assertThat(doc.select("p.problem")).hasSize(1);
            assertThat(doc.select("script")).isEmpty();
            assertThat(doc.select(".live")).isEmpty();
            assertThat(doc.select("link[rel=stylesheet]").eachAttr("href")).containsExactly("/board-assets/board.css");
        }
    }

    @Test
    @DisplayName("a moment is shown relative, with the exact UTC time on hover and the instant in datetime")
    void timesAreRelativeWithTheExactTimeOnHover() {
        Element time = Jsoup.parse(board.get("/board", owner()).body()).selectFirst("section.feature time");

        assertThat(time.text()).isEqualTo("3 min ago");
        assertThat(time.attr("title")).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC");
        assertThat(Instant.parse(time.attr("datetime"))).isBefore(Instant.now().minusSeconds(180));
    }

    @Test
    @DisplayName("fields another feature shows (command lines) are text: a script payload is escaped, never markup")
    void aCommandLinePayloadIsShownAsText() {
        Answer index = board.get("/board", owner());
        Document doc = Jsoup.parse(index.body());

        assertThat(doc.select("section.feature td").first().text())
                .isEqualTo("echo '<script>alert(1)</script>' \"><img src=x onerror=alert(2)>");
        assertThat(doc.select("img")).isEmpty();
        assertThat(index.body()).doesNotContain("<script>alert").contains("&lt;script&gt;alert(1)");
    }

    @Test
    @DisplayName("the abort does nothing without the CSRF token, with another viewer's token, from another origin or"
            + " none, or for a view key; the owner's checked POST takes it and returns to the index")
    void theAbortActsOnlyForTheOwnerWithItsTokenFromItsOwnOrigin() {
        Answer index = board.get("/board", owner());
        Element button = Jsoup.parse(index.body()).selectFirst("form.action button");
        assertThat(button.text()).isEqualTo("Abort");
        assertThat(button.parent().attr("method")).isEqualTo("post");
        assertThat(button.parent().attr("action")).isEqualTo("/board");
        String csrf = csrfOf(index);
        assertThat(csrf).hasSize(43);

        assertThat(board.post("/board", abortForm(null), owner().header("Origin", ORIGIN))
                        .status())
                .isEqualTo(403);
        assertThat(board.post("/board", abortForm("x" + csrf.substring(1)), owner().header("Origin", ORIGIN))
                        .status())
                .isEqualTo(403);
        assertThat(board.post("/board", abortForm(csrf), owner().header("Origin", "http://evil.example"))
                        .status())
                .isEqualTo(403);
        assertThat(board.post("/board", abortForm(csrf), owner().header("Origin", "null"))
                        .status())
                .isEqualTo(403);
        assertThat(board.post("/board", abortForm(csrf), owner()).status())
                .as("no Origin")
                .isEqualTo(403);

        String viewSession = board.session(board.principal(tokens.get("lead")), null);
        String viewersOwnToken = harness.injector().getInstance(BoardCsrf.class).token("session:" + viewSession);
        As viewer = As.session(viewSession).header("Host", "127.0.0.1:8765").header("Origin", ORIGIN);
        assertThat(board.get("/board", As.session(viewSession)).status())
                .as("a view key is sent to its channel: no index, no button")
                .isEqualTo(303);
        assertThat(board.post("/board", abortForm(viewersOwnToken), viewer).status())
                .isEqualTo(403);
        assertThat(board.post("/board", abortForm(csrf), viewer).status()).isEqualTo(403);
        Principal viewKey =
                board.principal((String) board.ok(Board.OWNER, "board_link", args("channel", "proj", "label", "bearer"))
                        .get("view_key"));
        assertThat(board.post(
                                "/board",
                                abortForm(csrf),
                                As.principal(viewKey)
                                        .header("Host", "127.0.0.1:8765")
                                        .header("Origin", ORIGIN))
                        .status())
                .isEqualTo(403);
        assertThat(board.post("/board", abortForm(csrf), As.nobody().header("Origin", ORIGIN))
                        .status())
                .isEqualTo(401);
        assertThat(feature.performed()).as("nothing was aborted").isEmpty();

        Answer done = board.post("/board", abortForm(csrf), owner().header("Origin", ORIGIN));

        assertThat(done.status()).isEqualTo(303);
        assertThat(done.header("Location")).isEqualTo("/board?done=test.abort&target=run-1");
        assertThat(feature.performed()).containsExactly("test.abort:run-1");
        assertThat(board.post("/board", "action=mailbox.drop&target=x&csrf=" + csrf, owner().header("Origin", ORIGIN))
                        .status())
                .isEqualTo(400);
    }

    @Test
    @DisplayName("a channel page's event stream sends a change within 2 s of a tool call that writes to the channel")
    void aChannelStreamSendsAChangeAfterAToolCall() throws Exception {
        String session = board.session(board.principal(tokens.get("lead")), null);
        EndpointResponse.Streamed stream = (EndpointResponse.Streamed) board.events("/board/proj", As.session(session));
        assertThat(stream.headers().get("Content-Type")).containsExactly("text/event-stream; charset=utf-8");
        assertThat(board.events("/board/other", As.session(session))).isInstanceOf(EndpointResponse.Complete.class);

        try (Collected events = Collected.of(stream)) {
            events.awaitChanges(1, 5_000);
            long before = System.nanoTime();
            board.ok(
                    board.principal(tokens.get("dev")),
                    "send_message",
                    args("to", "lead", "topic", "news", "body", "hi"));
            events.awaitChanges(2, 2_000);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before))
                    .isLessThan(2_000);
        }
    }

    @Test
    @DisplayName("a stream's first event, once it follows the page's topics, is a change: a change signalled between"
            + " the page's reading and the stream's opening (a command that ended just after the Abort's redirect)"
            + " is read then, not missed")
    void aStreamBeginsWithAChangeOnceSubscribed() throws Exception {
        EndpointResponse.Streamed stream = (EndpointResponse.Streamed) board.events("/board", owner());

        try (Collected events = Collected.of(stream)) {
            events.awaitChanges(1, 5_000);
            assertThat(events.text())
                    .as("no signal was published: the change is the stream's own first event")
                    .startsWith("retry: 1000\n\nevent: change\ndata: \n\n");
        }
    }

    @Test
    @DisplayName("the owner's index stream follows the other features' change topics")
    void theIndexStreamFollowsTheFeaturesTopics() throws Exception {
        EndpointResponse.Streamed stream = (EndpointResponse.Streamed) board.events("/board", owner());
        try (Collected events = Collected.of(stream)) {
            events.awaitChanges(1, 5_000);
            ChangeSignals signals = harness.injector().getInstance(ChangeSignals.class);
            harness.storage().transaction(connection -> {
                signals.publish(connection, TOPIC);
                return null;
            });
            events.awaitChanges(2, 2_000);
        }
        String session = board.session(board.principal(tokens.get("lead")), null);
        assertThat(board.events("/board", As.session(session))).isInstanceOf(EndpointResponse.Complete.class);
    }

    /** A streamed body written on a virtual thread into memory, until closed (the client goes). */
    private static final class Collected implements ResponseStream, AutoCloseable {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final Gone gone = new Gone();
        private Thread writer;

        static Collected of(EndpointResponse.Streamed stream) {
            Collected collected = new Collected();
            collected.writer = Thread.ofVirtual().start(() -> stream.body().writeTo(collected));
            return collected;
        }

        @Override
        public synchronized void write(byte[] data) {
            if (gone.isCancelled()) {
                throw new ClientGoneException(new java.io.IOException("closed"));
            }
            bytes.writeBytes(data);
            notifyAll();
        }

        @Override
        public Cancellation clientGone() {
            return gone;
        }

        /** Waits until the stream has sent at least {@code count} change events. */
        synchronized void awaitChanges(int count, long millis) throws InterruptedException {
            long deadline = System.currentTimeMillis() + millis;
            while (text().split("event: change\n", -1).length - 1 < count) {
                long left = deadline - System.currentTimeMillis();
                assertThat(left)
                        .as("%d change events within %d ms; got: %s", count, millis, bytes)
                        .isPositive();
                wait(left);
            }
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws InterruptedException {
            gone.raise();
            writer.join(5_000);
            assertThat(writer.isAlive())
                    .as("the stream ends when the client goes")
                    .isFalse();
        }
    }

    private static final class Gone implements Cancellation {
        private final AtomicBoolean raised = new AtomicBoolean();
        private final List<Runnable> actions = new CopyOnWriteArrayList<>();

        @Override
        public boolean isCancelled() {
            return raised.get();
        }

        @Override
        public void onCancel(Runnable action) {
            actions.add(action);
            if (raised.get()) {
                action.run();
            }
        }

        void raise() {
            raised.set(true);
            actions.forEach(Runnable::run);
        }
    }
}
