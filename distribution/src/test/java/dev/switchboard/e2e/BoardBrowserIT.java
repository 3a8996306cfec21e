package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;

import io.modelcontextprotocol.client.McpSyncClient;

import dev.switchboard.e2e.support.BoardChannel;
import dev.switchboard.e2e.support.Handoffs;
import dev.switchboard.e2e.support.HttpClients;
import dev.switchboard.e2e.support.ToolCalls;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;
import dev.switchboard.testkit.mailbox.DecisionDemo;

/**
 * The board in a real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, which the build's
 * {@code src/test/browser/install-chromium.sh} installs when missing; Selenium is given both binaries, so it never
 * downloads a browser or a driver): a human redeems a board link, sees a channel with four roles, debts in each court,
 * a pinned charter and a thread, and a message body with {@code <script>} and {@code "><img onerror>} shows as text
 * while no script runs. Screenshots of the pages go to {@code docs/images/}.
 */
class BoardBrowserIT {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TempDir
    static Path dir;

    private static HttpServe server;
    private static BoardChannel channel;
    private static ChromeDriver browser;

    @BeforeAll
    static void start() throws IOException {
        assertThat(CHROMIUM)
                .as("Debian's chromium (src/test/browser/install-chromium.sh)")
                .isExecutable();
        assertThat(CHROMEDRIVER)
                .as("Debian's chromium-driver (src/test/browser/install-chromium.sh)")
                .isExecutable();
        server = HttpServe.start(Installation.copyOfBuilt(dir), Map.of(), dir.resolve("server.log"));
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
        assertThat(browser.findElements(By.tagName("script"))).isEmpty();
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
        assertThat(browser.findElements(By.tagName("script"))).isEmpty();
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
                        Handoffs.publish("raveil", "Note " + i, "content " + i, null),
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
            assertThat(texts(By.cssSelector("section.feature h2"))).containsExactly("Handoff projects");
            assertThat(browser.findElements(By.cssSelector("section.feature tr.summary-row")).stream()
                            .map(row -> row.findElements(By.tagName("td")).stream()
                                    .map(WebElement::getText)
                                    .toList())
                            .toList())
                    .containsExactly(
                            List.of("raveil", "4", "codex", "1", "3"), List.of("raveil", "4", "librarian", "4", "0"));
            assertThat(browser.findElements(By.tagName("script"))).isEmpty();
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
        assertThat(browser.findElements(By.tagName("script"))).isEmpty();
        assertThat(browser.executeScript("return document.title")).isNotEqualTo("owned");
        screenshot("board-pin.png");
    }

    private static List<String> texts(By selector) {
        return browser.findElements(selector).stream().map(WebElement::getText).toList();
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
