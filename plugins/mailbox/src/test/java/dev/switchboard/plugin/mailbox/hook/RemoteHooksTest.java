package dev.switchboard.plugin.mailbox.hook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.switchboard.plugin.mailbox.CommandRun;
import dev.switchboard.plugin.mailbox.MailboxHarness;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.HookWakeCommand;
import dev.switchboard.plugin.mailbox.hook.adapter.in.cli.StatusCommand;

/**
 * {@code hook wake}, {@code status watch} and {@code status --text} in remote mode against a real local HTTP server
 * (the JDK's {@code HttpServer}) that answers as a Switchboard server does when it revokes a held poll's token, stops,
 * or is hostile; the commands run in this JVM as the kernel runs them. The distribution's MailboxWakeIT runs them as
 * processes against a real Switchboard server.
 */
@Timeout(60)
class RemoteHooksTest {

    private static final String TOKEN = "cct_" + "T".repeat(43);
    private static final String STOP =
            "{\"session_id\":\"s1\",\"hook_event_name\":\"Stop\",\"stop_hook_active\":false}";
    private static final String CLEAR = "{\"channel\":\"proj\",\"role\":\"backend\",\"pending\":{},\"pins\":[]}";
    private static final String COUNTS =
            "{\"channel\":\"proj\",\"role\":\"backend\",\"counts\":{\"unread\":0,\"open_obligations\":0}}";
    /** The transport's JSON-RPC error a held poll's body ends with when its token is revoked (ADR 27). */
    private static final String FORBIDDEN = "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,"
            + "\"message\":\"Forbidden: the credential was revoked\",\"data\":{\"code\":\"FORBIDDEN\"}}}";

    @TempDir
    Path dir;

    private HttpServer server;
    private MailboxHarness mailbox;
    /** The query of every {@code /status} request, in order. */
    private final BlockingQueue<String> polls = new LinkedBlockingQueue<>();

    @AfterEach
    void close() {
        if (mailbox != null) {
            mailbox.close();
        }
        if (server != null) {
            server.stop(0);
        }
    }

    /** @param status the n-th {@code /status} answer (from 0): {status, body} */
    private MailboxHarness remote(IntFunction<Object[]> status) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hook-status", exchange -> respond(exchange, 200, COUNTS));
        List<String> seen = new CopyOnWriteArrayList<>();
        server.createContext("/status", exchange -> {
            String query = String.valueOf(exchange.getRequestURI().getQuery());
            seen.add(query);
            polls.add(query);
            Object[] answer = status.apply(seen.size() - 1);
            respond(exchange, (Integer) answer[0], (String) answer[1]);
        });
        server.start();
        mailbox = MailboxHarness.builder("sqlite", dir)
                .setting("remote-url", "http://127.0.0.1:" + server.getAddress().getPort())
                .environment("AI_AGENT_CHANNEL_TOKEN", TOKEN)
                .open(null);
        return mailbox;
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 401, 403})
    void aWakeWhoseTokenIsRefusedMidSleepEndsWithStatus1AndOneLine(int status) throws Exception {
        remote(n -> new Object[] {status, status == 200 ? FORBIDDEN : "{\"error\":\"unauthorized\"}"});

        CommandRun run = CompletableFuture.supplyAsync(
                        () -> CommandRun.of(mailbox, new HookWakeCommand(), STOP, "--interval", "1"))
                .get(30, TimeUnit.SECONDS); // wake-max-s is 3600: it ended on the refusal

        assertThat(run.status()).as(run.err()).isEqualTo(1);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err())
                .startsWith("switchboard hook wake: ")
                .contains(
                        status == 200
                                ? "answered FORBIDDEN (the token was revoked or its channel deleted)"
                                : "answered " + status)
                .contains("this hook will not wake the session")
                .doesNotContain(TOKEN);
        assertThat(polls).as("it gave up at the first refusal").hasSize(1);
    }

    @Test
    void aWatchReportsARevokedTokenInWordsThenRecoversOnAShortPollAndLongPollsAgain() throws Exception {
        remote(n -> n == 0 ? new Object[] {200, FORBIDDEN} : new Object[] {200, CLEAR});
        CompletableFuture<CommandRun> watch = new CompletableFuture<>();
        Thread watcher = Thread.ofVirtual()
                .start(() ->
                        watch.complete(CommandRun.of(mailbox, new StatusCommand(), "", "watch", "--interval", "1")));

        assertThat(polls.poll(20, TimeUnit.SECONDS)).isEqualTo("wait=50");
        assertThat(polls.poll(20, TimeUnit.SECONDS))
                .as("the first attempt after the outage is short: the recovery is reported at once")
                .isEqualTo("wait=0");
        assertThat(polls.poll(20, TimeUnit.SECONDS)).as("then long polls again").isEqualTo("wait=50");
        watcher.interrupt();
        CommandRun run = watch.get(20, TimeUnit.SECONDS);

        assertThat(run.out().lines().toList())
                .startsWith(
                        "outage: http://127.0.0.1:" + server.getAddress().getPort()
                                + "/status?wait=50 answered FORBIDDEN (the token was revoked or its channel deleted)",
                        "recovered: the channel answers again");
    }

    @Test
    void aWatchSaysAStoppingServerIsStopping() throws Exception {
        remote(n -> n == 0
                ? new Object[] {
                    200,
                    "{\"error\":\"the server is stopping; poll again in a moment\",\"code\":\"UNAVAILABLE\","
                            + "\"retryable\":true}"
                }
                : new Object[] {200, CLEAR});
        CompletableFuture<CommandRun> watch = new CompletableFuture<>();
        Thread watcher = Thread.ofVirtual()
                .start(() ->
                        watch.complete(CommandRun.of(mailbox, new StatusCommand(), "", "watch", "--interval", "1")));

        polls.poll(20, TimeUnit.SECONDS);
        polls.poll(20, TimeUnit.SECONDS);
        watcher.interrupt();
        CommandRun run = watch.get(20, TimeUnit.SECONDS);

        assertThat(run.out().lines().findFirst().orElseThrow())
                .endsWith("answered UNAVAILABLE (the server is stopping or its store is unavailable)");
    }

    @Test
    void statusTextShowsTheControlCharactersAServerSentAsEscapes() throws Exception {
        remote(n -> new Object[] {200, CLEAR});
        server.removeContext("/hook-status");
        server.createContext(
                "/hook-status",
                exchange -> respond(
                        exchange,
                        200,
                        "{\"channel\":\"pr\\u001b[2Joj\",\"role\":\"back\\nend\\u009b\\u007f\","
                                + "\"counts\":{\"un\\u0007read\":1}}"));

        CommandRun text = CommandRun.of(mailbox, new StatusCommand(), "", "--text");

        assertThat(text.status()).as(text.err()).isEqualTo(StatusCommand.ACTIONABLE);
        assertThat(text.out())
                .isEqualTo("pending for 'back\\u000aend\\u009b\\u007f' in 'pr\\u001b[2Joj': un\\u0007read=1"
                        + System.lineSeparator());
        CommandRun json = CommandRun.of(mailbox, new StatusCommand(), "");
        assertThat(json.out()).as("the JSON writer escapes them already").contains("\"pr\\u001B[2Joj\"");
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
