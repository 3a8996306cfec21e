package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.e2e.support.BoardChannel;
import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.e2e.support.ToolResults;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.distribution.McpClients;
import dev.switchboard.testkit.mailbox.DecisionDemo;

/**
 * The board in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, which the build's
 * {@code src/test/browser/install-chromium.sh} installs when missing; Selenium is given both binaries, so it never
 * downloads a browser or a driver): a human redeems a board link, sees a channel with four roles, debts in each court,
 * a pinned charter and a thread, and a message body with {@code <script>} and {@code "><img onerror>} shows as text
 * while no script runs; the channel page and the owner's index follow tool calls live within 2 s, fit 1280 and 390
 * px; the owner opens the index with a one-use owner link (ADR 69), and its Abort button, clicked, stops a
 * workspace command and says so (ADR 67). Screenshots of the pages go to
 * {@code docs/images/}.
 */
class BoardBrowserIT {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** How long a page may take to show a change it was told of; generous, for a loaded host. */
    private static final Duration LIVE_CHANGE = Duration.ofSeconds(15);

    private static final String HOSTILE_TITLE = "Note 4 <img src=x onerror=\"document.title='owned'\">";
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    static Path dir;

    private static HttpServe server;
    private static BoardChannel channel;
    private static ChromeDriver browser;
    private static Path workspaceHome;

    @BeforeAll
    static void start() throws IOException {
        assertThat(CHROMIUM)
                .as("Debian's chromium (src/test/browser/install-chromium.sh)")
                .isExecutable();
        assertThat(CHROMEDRIVER)
                .as("Debian's chromium-driver (src/test/browser/install-chromium.sh)")
                .isExecutable();
        workspaceHome = Files.createDirectories(dir.resolve("home"));
        server = HttpServe.start(
                Installation.copyOfBuilt(dir).enable("workspace"),
                Map.of("SWITCHBOARD_PLUGINS__WORKSPACE__HOME", workspaceHome.toString()),
                dir.resolve("server.log"));
        channel = BoardChannel.create(server, "proj");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--window-size=1280,1500",
                "--user-data-dir=" + Files.createDirectories(dir.resolve("chromium-profile")));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString()))
                .usingAnyFreePort()
                .build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @DisplayName("a board link opens the channel in Chromium: four roles, debts in each court, a debt to confirm, the"
            + " open proposal's roles still to vote, the pinned charter with its approval; an HttpOnly session cookie")
    void aHumanRedeemsABoardLinkAndSeesTheChannel() throws IOException {
        browser.get(server.uri(channel.link(server, server.token())).toString());

        assertThat(browser.getCurrentUrl()).isEqualTo(server.uri("/board/proj").toString());
        Cookie cookie = browser.manage().getCookieNamed("cc_board");
        assertThat(cookie).isNotNull();
        assertThat(cookie.isHttpOnly()).isTrue();
        assertThat(cookie.getPath()).isEqualTo("/board");
        assertThat(texts(By.cssSelector("article.role h3"))).containsExactly("backend", "frontend", "lead", "qa");
        assertThat(browser.findElements(By.cssSelector("tr.debt")).stream()
                        .map(row -> row.getDomAttribute("data-court"))
                        .distinct()
                        .sorted()
                        .toList())
                .containsExactly("frontend", "qa");
        assertThat(browser.findElement(By.cssSelector("#role-frontend .in-court"))
                        .getText())
                .isEqualTo("2");
        assertThat(browser.findElement(By.cssSelector("#role-qa .in-court")).getText())
                .isEqualTo("2");
        assertThat(browser.findElement(By.cssSelector("tr.resolved td.court")).getText())
                .isEqualTo("lead");
        assertThat(browser.findElement(By.cssSelector("tr.proposal .still-to-vote"))
                        .getText())
                .isEqualTo("lead, qa");
        assertThat(browser.findElement(By.cssSelector("tr.pin td")).getText()).isEqualTo("charter");
        assertOnlyTheBoardsOwnScript();
        screenshot("board-channel.png");

        browser.findElement(By.cssSelector("tr.pin a")).click();
        assertThat(browser.findElement(By.cssSelector("article.pin-version pre.body"))
                        .getText())
                .isEqualTo("We review every change before it lands.");
        browser.findElement(By.cssSelector("a.approved-by")).click();
        assertThat(browser.getCurrentUrl()).contains("/board/proj/proposal/");
        assertThat(browser.findElement(By.cssSelector("h1 .topic")).getText()).isEqualTo("the team charter");
    }

    @Test
    @DisplayName("in Chromium a thread shows a body with <script> and \"><img onerror> as text, and no script runs")
    void peerMarkupIsShownAsTextAndNeverRuns() throws IOException {
        browser.get(server.uri(channel.link(server, server.token())).toString());
        browser.get(server.uri("/board/proj/thread/" + channel.hostile()).toString());

        WebElement body = browser.findElement(By.cssSelector("#m" + channel.hostile() + " pre.body"));
        assertThat(body.getText()).isEqualTo(BoardChannel.HOSTILE);
        assertOnlyTheBoardsOwnScript();
        assertThat(browser.findElements(By.tagName("img"))).isEmpty();
        assertThat(browser.getTitle()).isEqualTo("thread of #" + channel.hostile() + " · Switchboard board");
        assertThat(browser.executeScript("return document.title")).isNotEqualTo("owned");
        assertThat(texts(By.cssSelector("article.message .from"))).containsExactly("lead", "frontend");
        screenshot("board-thread.png");
    }

    @Test
    @DisplayName("in Chromium the owner's index shows the channels and every handoff project with its latest sequence,"
            + " each consumer's cursor and what is pending for it")
    void theOwnersIndexShowsChannelsAndHandoffProjects() throws IOException {
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "browser-owner")) {
            ToolCalls.okStructured(owner, "frontispice_register_project", Map.of("project", "raveil"), server.log());
            for (int i = 1; i <= 4; i++) {
                ToolCalls.okStructured(
                        owner,
                        "frontispice_publish_handoff",
                        Handoffs.publish("raveil", i == 4 ? HOSTILE_TITLE : "Note " + i, "content " + i, null),
                        server.log());
            }
            for (Map.Entry<String, Integer> cursor :
                    Map.of("codex", 1, "librarian", 4).entrySet()) {
                ToolCalls.okStructured(
                        owner,
                        "frontispice_advance_cursor",
                        Map.of("project", "raveil", "consumer", cursor.getKey(), "through_sequence", cursor.getValue()),
                        server.log());
            }
        }
        browser.executeCdpCommand("Network.enable", Map.of());
        browser.executeCdpCommand(
                "Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Authorization", "Bearer " + server.token())));
        try {
            browser.get(server.uri("/board").toString());

            assertThat(texts(By.cssSelector("tr.channel a"))).contains("proj");
            assertThat(texts(By.cssSelector("section.feature h2")))
                    .containsExactly("Handoff projects", "Handoff timeline", "Open workspaces", "Workspace commands");
            assertThat(browser.findElements(By.cssSelector("section.feature:first-of-type tr.summary-row")).stream()
                            .map(row -> row.findElements(By.tagName("td")).stream()
                                    .map(WebElement::getText)
                                    .toList())
                            .toList())
                    .containsExactly(
                            List.of("raveil", "4", "codex", "1", "3"), List.of("raveil", "4", "librarian", "4", "0"));
            assertThat(texts(By.cssSelector("section.feature:nth-of-type(2) tr.summary-row td:nth-child(3)")))
                    .as("the timeline, newest first")
                    .containsSubsequence(HOSTILE_TITLE, "Note 3", "Note 2", "Note 1");
            assertThat(browser.findElements(By.cssSelector("main img"))).isEmpty();
            assertThat(browser.getTitle()).isEqualTo("Channels · Switchboard board");
            assertOnlyTheBoardsOwnScript();
            screenshot("board-index.png");
        } finally {
            browser.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
        }
    }

    @Test
    @DisplayName("in Chromium the board explains decisions: every count equals its rows, a debt's page (opened with the"
            + " keyboard) shows its resolution, reopening and blocker notes, a proposal's page who is still to vote and"
            + " the needs_changes note, a pin's page what version 2 changed; no script runs")
    void aHumanReadsWhyDecisionsWereMade() throws IOException {
        BoardChannel.Decided decided = BoardChannel.createWithDecisions(server, "decide");
        browser.get(server.uri(decided.channel().link(server, server.token())).toString());
        assertThat(browser.getCurrentUrl())
                .isEqualTo(server.uri("/board/decide").toString());

        List<WebElement> counts = browser.findElements(By.cssSelector(".count[data-for]"));
        assertThat(counts).isNotEmpty();
        for (WebElement count : counts) {
            String list = count.getDomAttribute("data-for");
            assertThat(browser.findElements(By.cssSelector("[id='" + list + "'] .row")))
                    .as(list)
                    .hasSize(Integer.parseInt(count.getText()));
        }
        assertThat(browser.findElement(By.cssSelector(
                                "tr.proposal[data-id='" + decided.demo().glossary() + "'] .still-to-vote"))
                        .getText())
                .isEqualTo("qa");
        screenshot("board-channel-decisions.png");

        new Actions(browser).sendKeys(Keys.TAB).perform();
        assertThat(browser.switchTo().activeElement().getTagName()).isEqualTo("a");
        WebElement logo = browser.findElement(By.cssSelector("#owes-frontend a[href='/board/decide/debt/"
                + decided.decisions().logo() + "']"));
        logo.sendKeys(Keys.ENTER);
        assertThat(browser.getCurrentUrl())
                .endsWith("/board/decide/debt/" + decided.decisions().logo());
        assertThat(texts(By.cssSelector("#history .step .note")))
                .containsSubsequence(
                        DecisionDemo.RESOLUTION_NOTE, DecisionDemo.REOPEN_REASON, DecisionDemo.PROGRESS_NOTE);
        assertThat(browser.findElement(By.cssSelector("#addenda pre")).getText())
                .isEqualTo(DecisionDemo.ADDENDUM);
        screenshot("board-debt.png");

        browser.get(server.uri("/board/decide/debt/" + decided.demo().plan()).toString());
        assertThat(browser.findElement(By.cssSelector("#waits-on .blocker")).getText())
                .contains("load-test environment", "open");
        assertThat(texts(By.cssSelector("#history .step .note"))).contains(DecisionDemo.BLOCKED_NOTE);

        browser.get(server.uri("/board/decide/proposal/" + decided.demo().glossary())
                .toString());
        assertThat(texts(By.cssSelector("#still-to-vote .voter"))).containsExactly("qa");
        assertThat(browser.findElement(By.cssSelector("#ballots .ballot[data-role='lead'] .note"))
                        .getText())
                .isEqualTo(DecisionDemo.NEEDS_CHANGES_NOTE);
        screenshot("board-proposal.png");

        browser.get(server.uri("/board/decide/pin?key=charter").toString());
        assertThat(texts(By.cssSelector("article.pin-version")).size()).isEqualTo(2);
        assertThat(texts(By.cssSelector("pre.diff .added"))).containsExactly("+We pair on risky changes.");
        assertOnlyTheBoardsOwnScript();
        assertThat(browser.executeScript("return document.title")).isNotEqualTo("owned");
        screenshot("board-pin.png");
    }

    @Test
    @DisplayName("in Chromium a channel page follows a tool call without a reload, shows times relative"
            + " with the exact time on hover, a hostile topic as text, and never overflows at 1280 or 390 px")
    void aChannelPageIsLiveAndFitsAPhone() throws IOException {
        viewport(1280, 1000, false);
        browser.get(server.uri(channel.link(server, server.token())).toString());
        awaitLive();
        browser.executeScript("window.sameDocument = true");
        String topic = "live <img src=x onerror=\"document.title='owned'\">";

        try (McpSyncClient qa = HttpClients.initialized(server, channel.tokens().get("qa"), "browser-qa")) {
            ToolCalls.okStructured(
                    qa,
                    "send_message",
                    Map.of("to", "lead", "topic", topic, "body", "new", "action_required", true),
                    server.log());
        }
        // that the page follows without a reload is checked here; how soon is speed, never asserted in a test
        new WebDriverWait(browser, LIVE_CHANGE)
                .ignoring(StaleElementReferenceException.class)
                .until(driver -> texts(By.cssSelector("#role-lead tr.debt td")).contains(topic));

        assertThat(browser.executeScript("return window.sameDocument"))
                .as("no reload")
                .isEqualTo(true);
        assertThat(browser.getTitle()).isEqualTo("proj · Switchboard board");
        assertThat(browser.findElements(By.cssSelector("main img"))).isEmpty();
        List<String> lastSeen = new WebDriverWait(browser, LIVE_CHANGE)
                .ignoring(StaleElementReferenceException.class)
                .until(driver -> {
                    WebElement shown = driver.findElement(By.cssSelector("#role-qa .last-seen time"));
                    return List.of(shown.getText(), shown.getDomAttribute("title"));
                });
        assertThat(lastSeen.get(0)).matches("just now|\\d+ (s|min) ago");
        assertThat(lastSeen.get(1)).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC");
        assertThat(texts(By.cssSelector("header .live")))
                .containsExactly("Live: this page follows the server's changes.");
        assertNoHorizontalOverflow(1280);
        screenshot("board-channel-1280.png");

        viewport(390, 844, true);
        browser.navigate().refresh();
        assertNoHorizontalOverflow(390);
        screenshot("board-channel-390.png");
        browser.get(server.uri("/board/proj/feed").toString());
        assertNoHorizontalOverflow(390);
        browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
    }

    @Test
    @DisplayName("an owner link opens the owner's index in Chromium once, as an HttpOnly SameSite=Strict cookie on"
            + " /board; used again it is refused with a page that says so; a view key's cookie never shows the index;"
            + " a role token or a view key cannot mint an owner link")
    void anOwnerLinkOpensTheOwnersIndexOnce() throws Exception {
        assertThat(mintOwnerLink(channel.tokens().get("qa")).statusCode())
                .as("a role token")
                .isEqualTo(403);
        assertThat(mintOwnerLink(viewKey()).statusCode()).as("a view key").isEqualTo(403);
        browser.get(server.uri(channel.link(server, server.token())).toString());
        browser.get(server.uri("/board").toString());
        assertThat(browser.getCurrentUrl())
                .as("a view key's session is sent to its channel")
                .isEqualTo(server.uri("/board/proj").toString());
        assertThat(browser.findElements(By.cssSelector("form.action"))).isEmpty();

        String link = ownerLink();
        try {
            browser.get(server.uri(link).toString());
            new WebDriverWait(browser, Duration.ofSeconds(10))
                    .until(driver -> server.uri("/board").toString().equals(driver.getCurrentUrl()));

            assertThat(browser.getTitle()).isEqualTo("Channels · Switchboard board");
            assertThat(texts(By.cssSelector("tr.channel a"))).contains("proj");
            Cookie cookie = browser.manage().getCookieNamed("cc_board_owner");
            assertThat(cookie).isNotNull();
            assertThat(cookie.isHttpOnly()).isTrue();
            assertThat(cookie.getSameSite()).isEqualTo("Strict");
            assertThat(cookie.getPath()).isEqualTo("/board");
            assertOnlyTheBoardsOwnScript();

            browser.get(server.uri(link).toString());
            assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("This owner link no longer works");
            assertThat(browser.findElement(By.cssSelector("p.problem")).getDomAttribute("data-status"))
                    .isEqualTo("401");
        } finally {
            browser.manage().deleteCookieNamed("cc_board_owner");
        }
    }

    @Test
    @DisplayName("in Chromium the owner's index shows a workspace and its running command within 2 s of the tool"
            + " calls, the command line as text, fits 1280 and 390 px; a click on Abort is taken, the page says so,"
            + " the command's call answers COMMAND_CANCELLED and its row turns aborted; the POST is refused without"
            + " the CSRF token,"
            + " from another origin, with a view key or a role token")
    void theOwnersIndexIsLiveAndAbortsACommand() throws Exception {
        viewport(1280, 1000, false);
        String directory = "proj <img src=x onerror=\"document.title='owned'\">";
        Files.createDirectories(workspaceHome.resolve(directory));
        String command =
                "sleep 120 # <script>document.title='owned'</script><img src=x onerror=\"document.title='owned'\">";
        // Its requests may wait 150 s: longer than the command would run, so only the abort can end it in time.
        try (McpSyncClient owner = McpClients.http(
                server,
                server.token(),
                "browser-workspace",
                ConcurrentHashMap.newKeySet(),
                Duration.ofSeconds(150),
                spec -> spec)) {
            owner.initialize();
            String viewSession = viewSession();
            String viewKey = viewKey();
            browser.get(server.uri(ownerLink()).toString());
            new WebDriverWait(browser, Duration.ofSeconds(10))
                    .until(driver -> server.uri("/board").toString().equals(driver.getCurrentUrl()));
            awaitLive();
            browser.executeScript("window.sameDocument = true");

            String workspace =
                    (String) ToolCalls.okStructured(owner, "workspace_open", Map.of("cwd", directory), server.log())
                            .get("workspace_id");
            CompletableFuture<McpSchema.CallToolResult> running = ToolCalls.callInBackground(
                    owner,
                    "bash",
                    Map.of("workspace_id", workspace, "request_key", "browser-abort", "command", command));
            new WebDriverWait(browser, LIVE_CHANGE)
                    .ignoring(StaleElementReferenceException.class)
                    .until(driver -> texts(By.cssSelector("section.feature tr.summary-row td"))
                            .contains(command));

            assertThat(browser.executeScript("return window.sameDocument"))
                    .as("no reload")
                    .isEqualTo(true);
            assertThat(texts(By.cssSelector("section.feature tr.summary-row td")))
                    .contains(workspace, "running");
            assertThat(browser.getTitle()).isEqualTo("Channels · Switchboard board");
            assertThat(browser.findElements(By.cssSelector("main img"))).isEmpty();
            assertNoHorizontalOverflow(1280);
            screenshot("board-index-1280.png");
            viewport(390, 844, true);
            assertNoHorizontalOverflow(390);
            screenshot("board-index-390.png");
            viewport(1280, 1000, false);

            assertAbortRefusals(viewSession, viewKey);
            assertThat(running).as("no refused POST ended the command").isNotDone();

            browser.findElement(By.cssSelector("form.action button[data-action='workspace.abort']"))
                    .click();

            new WebDriverWait(browser, Duration.ofSeconds(10))
                    .until(driver -> driver.getCurrentUrl().contains("done=workspace.abort"));
            // the live index may swap <main> (the notice with it, re-rendered from the same address) at any time
            List<String> notice = new WebDriverWait(browser, LIVE_CHANGE)
                    .ignoring(StaleElementReferenceException.class)
                    .until(driver -> {
                        WebElement shown = driver.findElement(By.cssSelector("main p.notice"));
                        return List.of(shown.getDomAttribute("data-outcome"), shown.getText());
                    });
            assertThat(notice.get(0)).isEqualTo("done");
            assertThat(notice.get(1)).startsWith("Done: workspace.abort was taken for ");
            assertThat(browser.getCurrentUrl())
                    .startsWith(server.uri("/board?done=workspace.abort").toString());
            assertThat(browser.getTitle()).isEqualTo("Channels · Switchboard board");

            // The command's tree is killed within a few seconds (SIGTERM, SIGKILL after 2 s): its call answers
            // COMMAND_CANCELLED long before the 120 s sleep would end, and the live index shows the row aborted.
            McpSchema.CallToolResult aborted = running.get(30, TimeUnit.SECONDS);
            assertThat(aborted.isError()).as("%s%s", aborted, server.log()).isTrue();
            assertThat(ToolResults.structured(aborted)).containsEntry("code", "COMMAND_CANCELLED");
            new WebDriverWait(browser, LIVE_CHANGE)
                    .ignoring(StaleElementReferenceException.class)
                    .until(driver -> browser.findElements(By.cssSelector("section.feature tr.summary-row")).stream()
                            .map(row -> texts(row, By.tagName("td")))
                            .anyMatch(cells -> cells.contains(command) && cells.contains("aborted")));
            assertThat(browser.findElements(By.cssSelector("form.action button[data-action='workspace.abort']")))
                    .as("no Abort button is left")
                    .isEmpty();
        } finally {
            browser.manage().deleteCookieNamed("cc_board_owner");
            browser.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
        }
    }

    /**
     * The index's Abort form, posted with each missing or wrong part, is refused (403, or 401 without credentials):
     * its own fields without the CSRF token or from another origin, with the owner session's cookie; its fields with
     * a view key's session cookie, a view key or a role token as the bearer.
     *
     * @param viewSession a view key's board session id
     * @param viewKey     a view key
     */
    private static void assertAbortRefusals(String viewSession, String viewKey) throws Exception {
        WebElement form = browser.findElement(By.cssSelector("form.action:has(button[data-action='workspace.abort'])"));
        Map<String, String> fields = form.findElements(By.cssSelector("input[type=hidden]")).stream()
                .collect(Collectors.toMap(
                        input -> input.getDomAttribute("name"), input -> input.getDomAttribute("value")));
        assertThat(fields).containsKeys("csrf", "action", "target");
        String ownerCookie = "cc_board_owner="
                + browser.manage().getCookieNamed("cc_board_owner").getValue();
        URI board = server.uri("/board");
        String origin = board.getScheme() + "://" + board.getAuthority();
        String without = form(fields, "csrf");
        String all = form(fields, null);
        assertThat(postBoard(all, "Cookie", ownerCookie, null).statusCode())
                .as("no Origin")
                .isEqualTo(403);
        assertThat(postBoard(without, "Cookie", ownerCookie, origin).statusCode())
                .as("no CSRF token")
                .isEqualTo(403);
        assertThat(postBoard(all.replace("csrf=", "csrf=x"), "Cookie", ownerCookie, origin)
                        .statusCode())
                .as("a wrong CSRF token")
                .isEqualTo(403);
        assertThat(postBoard(all, "Cookie", ownerCookie, "http://evil.example").statusCode())
                .as("another origin")
                .isEqualTo(403);
        assertThat(postBoard(all, "Cookie", "cc_board=" + viewSession, origin).statusCode())
                .as("a view key's session")
                .isEqualTo(403);
        assertThat(postBoard(all, "Cookie", "cc_board_owner=" + viewSession, origin)
                        .statusCode())
                .as("a view key's session presented as an owner session")
                .isEqualTo(401);
        assertThat(postBoard(all, "Authorization", "Bearer " + viewKey, origin).statusCode())
                .as("a view key")
                .isEqualTo(403);
        assertThat(postBoard(all, "Authorization", "Bearer " + channel.tokens().get("qa"), origin)
                        .statusCode())
                .as("a role token")
                .isEqualTo(403);
    }

    private static String form(Map<String, String> fields, String leftOut) {
        return fields.entrySet().stream()
                .filter(field -> !field.getKey().equals(leftOut))
                .map(field -> field.getKey() + "=" + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static HttpResponse<String> postBoard(String form, String header, String value, String origin)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri("/board"))
                .header(header, value)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (origin != null) {
            request.header("Origin", origin);
        }
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /** @return a fresh owner link's path and query, minted with the owner token ({@code POST /board/owner-link}) */
    private static String ownerLink() throws IOException, InterruptedException {
        HttpResponse<String> minted = mintOwnerLink(server.token());
        assertThat(minted.statusCode()).as(minted.body()).isEqualTo(200);
        String url = (String)
                JsonMapper.builder().build().readValue(minted.body(), Map.class).get("url");
        assertThat(url).startsWith("/board?t=");
        return url;
    }

    private static HttpResponse<String> mintOwnerLink(String bearer) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            return http.send(
                    HttpRequest.newBuilder(server.uri("/board/owner-link"))
                            .header("Authorization", "Bearer " + bearer)
                            .POST(HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    /** @return a new view key of the channel {@code proj} (the owner's board_link) */
    private static String viewKey() {
        try (McpSyncClient owner = HttpClients.initialized(server, server.token(), "browser-view-key")) {
            return (String) ToolCalls.okStructured(
                            owner, "board_link", Map.of("channel", "proj", "label", "refusals"), server.log())
                    .get("view_key");
        }
    }

    /** @return a view key's board session id, opened by redeeming a board link outside the browser */
    private static String viewSession() throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> redeemed = http.send(
                    HttpRequest.newBuilder(server.uri(channel.link(server, server.token())))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            String cookie = redeemed.headers().firstValue("Set-Cookie").orElseThrow();
            return cookie.substring("cc_board=".length(), cookie.indexOf(';'));
        }
    }

    /** Waits until the page's event stream is open (board.js marks the document), so a change after it is seen. */
    private static void awaitLive() {
        new WebDriverWait(browser, Duration.ofSeconds(10))
                .until(driver -> "open"
                        .equals(browser.executeScript("return document.documentElement.getAttribute('data-live')")));
    }

    /** Makes the viewport {@code width} px wide, as a phone ({@code mobile}) or a desktop window. */
    private static void viewport(int width, int height, boolean mobile) {
        browser.executeCdpCommand(
                "Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", mobile));
    }

    /** The document is exactly as wide as the viewport: nothing scrolls sideways. */
    private static void assertNoHorizontalOverflow(int width) {
        Number inner = (Number) browser.executeScript("return window.innerWidth");
        Number viewport = (Number) browser.executeScript("return document.documentElement.clientWidth");
        Number document = (Number) browser.executeScript("return document.documentElement.scrollWidth");
        assertThat(inner.intValue()).as("window width").isEqualTo(width);
        assertThat(document.intValue()).as("document width at %d px", width).isEqualTo(viewport.intValue());
    }

    /** The page runs the board's one same-origin script and nothing inline. */
    private static void assertOnlyTheBoardsOwnScript() {
        List<WebElement> scripts = browser.findElements(By.tagName("script"));
        assertThat(scripts).hasSize(1);
        assertThat(scripts.getFirst().getDomAttribute("src")).isEqualTo("/board-assets/board.js");
        assertThat(scripts.getFirst().getDomProperty("text")).isEmpty();
    }

    private static List<String> texts(By selector) {
        return browser.findElements(selector).stream().map(WebElement::getText).toList();
    }

    private static List<String> texts(WebElement parent, By selector) {
        return parent.findElements(selector).stream().map(WebElement::getText).toList();
    }

    /** Saves the page as docs/images/name (the repository's, so the guide shows what the browser saw). */
    private static void screenshot(String name) throws IOException {
        Path shot = browser.getScreenshotAs(OutputType.FILE).toPath();
        Path images =
                Path.of(System.getProperty("switchboard.e2e.repository", ".")).resolve("docs/images");
        Files.createDirectories(images);
        Files.copy(shot, images.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
}
