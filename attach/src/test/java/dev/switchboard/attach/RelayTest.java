package dev.switchboard.attach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.kernel.attach.AttachPaths;

/**
 * The relay and its recovery against a real Unix socket, with a stand-in server ({@link FakeServer}) started and
 * killed in the test; the real server's end-to-end tests are in the distribution's ITs.
 */
class RelayTest {

    /** The bound on the 40 MB answer's arrival: against a hang, not a speed (see the test). */
    private static final Duration BIG_LINE_WAIT = Duration.ofSeconds(60);

    /** How long the teardown waits for the relay to end once stdin and the servers are closed. */
    private static final Duration RELAY_END_WAIT = Duration.ofSeconds(30);

    private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
            + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

    @TempDir
    Path temp;

    private AttachPaths paths;
    private final List<FakeServer> servers = new CopyOnWriteArrayList<>();
    private final AtomicInteger spawns = new AtomicInteger();
    private final PipedOutputStream stdin = new PipedOutputStream();
    private final Lines stdout = new Lines();
    private final List<String> diagnostics = new CopyOnWriteArrayList<>();
    private CompletableFuture<Integer> exit;

    @BeforeEach
    void startRelay() throws Exception {
        paths = AttachPaths.of(temp.resolve("state"), "00000000000000aa");
        ServerStarter starter = new ServerStarter(paths, ignored -> {
            servers.add(FakeServer.start(paths, spawns.incrementAndGet()));
            return () -> true;
        });
        SessionAttacher attacher = new SessionAttacher(starter, Hello.frame("session", "test", "/work", Map.of()));
        Connection first = attacher.establish();
        PipedInputStream in = new PipedInputStream(stdin, 1 << 20);
        Relay relay = new Relay(attacher, new MessageTracker(), in, stdout, diagnostics::add);
        exit = new CompletableFuture<>();
        Thread thread = new Thread(() -> exit.complete(relay.run(first)), "relay");
        thread.setDaemon(true);
        thread.start();
    }

    @AfterEach
    void stopServers() throws IOException, InterruptedException {
        stdin.close();
        for (FakeServer server : servers) {
            server.close();
        }
        // A relay that saw its server close before the end of stdin recovers onto a new one, whose lock and socket
        // files would appear while the temporary directory is deleted: wait for the relay to end, then close what
        // it started meanwhile.
        try {
            exit.get(RELAY_END_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            // the test's own assertions judged the relay; the servers are closed below either way
        }
        for (FakeServer server : servers) {
            server.close();
        }
    }

    @Test
    void startsAServerWhenNoneRunsAndRelaysLinesBothWays() throws Exception {
        send(INITIALIZE);
        assertThat(json(stdout.next())).containsEntry("id", 0);
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");

        Map<String, Object> answer = json(stdout.next());

        assertThat(answer)
                .containsEntry("id", 1)
                .containsEntry("result", Map.of("method", "tools/list", "generation", 1));
        assertThat(spawns).hasValue(1);
        assertThat(json(servers.get(0).received.get(0)))
                .containsEntry("attach", 1)
                .containsEntry("kind", "session")
                .containsEntry("cwd", "/work");
    }

    @Test
    void aKilledServerIsReplacedTheSessionReplayedAndTheCallInFlightAnsweredUnavailable() throws Exception {
        send(INITIALIZE);
        stdout.next();
        send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"info\"}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"resources/subscribe\",\"params\":{\"uri\":\"a://1\"}}");
        stdout.next();
        stdout.next();
        send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"hang\"}}");
        await(() -> servers.get(0).received.size() == 6);

        long killed = System.nanoTime();
        servers.get(0).kill();
        Map<String, Object> unavailable = json(stdout.next());
        send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}");
        Map<String, Object> next = json(stdout.next());

        assertThat(Duration.ofNanos(System.nanoTime() - killed)).isLessThan(Duration.ofSeconds(2));
        assertThat(unavailable).containsEntry("id", 3);
        assertThat(unavailable.get("result")).asString().contains("isError=true");
        assertThat(next)
                .containsEntry("id", 4)
                .containsEntry("result", Map.of("method", "tools/list", "generation", 2));
        List<String> replayed = servers.get(1).received;
        assertThat(replayed).hasSize(6);
        assertThat(json(replayed.get(1))).containsEntry("method", "initialize");
        assertThat((String) json(replayed.get(1)).get("id")).startsWith(MessageTracker.PRIVATE_ID_PREFIX);
        assertThat(json(replayed.get(2))).containsEntry("method", "notifications/initialized");
        assertThat(json(replayed.get(3))).containsEntry("method", "logging/setLevel");
        assertThat(json(replayed.get(4))).containsEntry("method", "resources/subscribe");
        assertThat(json(replayed.get(5))).containsEntry("id", 4);
        assertThat(stdout.poll(Duration.ofMillis(200)))
                .as("replayed answers are swallowed")
                .isNull();
        assertThat(diagnostics).isEmpty();
    }

    @Test
    void theEndOfStdinEndsTheSessionOnceTheServerCloses() throws Exception {
        send(INITIALIZE);
        stdout.next();

        stdin.close();

        assertThat(exit.get(5, TimeUnit.SECONDS)).isZero();
        assertThat(spawns).hasValue(1);
    }

    @Test
    void linesSentWhileNoServerIsUpAreBufferedAndSentToTheNextOne() throws Exception {
        send(INITIALIZE);
        stdout.next();
        servers.get(0).kill();
        await(() -> spawns.get() == 2); // the relay saw the end and is re-establishing the session
        send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}");

        assertThat(json(stdout.next()))
                .containsEntry("id", 7)
                .containsEntry("result", Map.of("method", "ping", "generation", 2));
    }

    @Test
    void aFortyMegabyteLineIsRelayedEachWay() throws Exception {
        send(INITIALIZE);
        stdout.next();
        String text = "a".repeat(FakeServer.BIG);

        send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"big\",\"params\":{\"text\":\"" + text + "\"}}");
        // 80 MB through the relay, the fake server and back, parsed at each hop: 4.4 s of the usual 5 s bound on a
        // quiet 2-core host with the test JVM's C1-only flags, more beside another module's tests (./dev test -T 2).
        // The bound only guards against a hang; what the test asserts is that the whole line passes each way.
        String answer = stdout.next(BIG_LINE_WAIT);

        assertThat(servers.get(0).received.get(2))
                .hasSizeGreaterThan(FakeServer.BIG)
                .endsWith(text + "\"}}");
        assertThat(answer).hasSizeGreaterThan(FakeServer.BIG).startsWith("{\"jsonrpc\":\"2.0\",\"id\":5,");
        assertThat(answer).endsWith("bbb\"}}");
        send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}");
        assertThat(json(stdout.next())).containsEntry("id", 6);
    }

    private void send(String line) throws IOException {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    private static Map<String, Object> json(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return Json.object(bytes, 0, bytes.length);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 5 s");
            }
            Thread.sleep(5);
        }
    }
}
