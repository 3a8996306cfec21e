package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.kernel.plugin.KernelReadiness;
import dev.switchboard.kernel.plugin.StorageAccess;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.ports.transport.TransportException;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** Shutdown (health, draining, cancelling), clients that vanish mid-call, and a clean standard output. */
class HttpLifecycleTest {

    private final FakeTransportContext context = Callers.fake();
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final ExecutorService background = Executors.newVirtualThreadPerTaskExecutor();
    private TestServer server;

    private void start(Map<String, Object> settings) {
        server = TestServer.start(context.with(List.of("blocks", "waits_for_cancel", "echo"), this::invoke), settings);
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (server != null) {
            server.close();
        }
        background.shutdownNow();
    }

    private ToolResult invoke(ToolCall call) {
        switch (call.toolName()) {
            case "blocks" -> {
                started.countDown();
                await(release);
                return ToolResult.text("done");
            }
            case "waits_for_cancel" -> {
                call.cancellation().onCancel(cancelled::countDown);
                started.countDown();
                await(cancelled);
                return ToolResult.failure(ErrorCode.CANCELLED, "cancelled");
            }
            default -> {
                return ToolResult.text("echo");
            }
        }
    }

    @Test
    void readinessFollowsTheServersAnswerWithAShortJsonReasonWhileLivenessStays200() throws Exception {
        java.util.concurrent.atomic.AtomicReference<java.util.Optional<String>> problem =
                new java.util.concurrent.atomic.AtomicReference<>(java.util.Optional.of("the storage is not open"));
        FakeTransportContext waiting =
                FakeTransportContext.builder().readiness(problem::get).build();
        try (TestServer probed = TestServer.start(waiting.with(List.of("echo"), call -> ToolResult.text("echo")))) {
            RawHttp.Response notReady = RawHttp.request("GET", "/readyz").send(probed.port);
            RawHttp.Response live = RawHttp.request("GET", "/healthz").send(probed.port);
            problem.set(java.util.Optional.empty());
            RawHttp.Response ready = RawHttp.request("GET", "/readyz").send(probed.port);

            assertThat(notReady.status()).isEqualTo(503);
            assertThat(notReady.text()).isEqualTo("{\"ready\":false,\"reason\":\"the storage is not open\"}");
            assertThat(live.status()).isEqualTo(200);
            assertThat(live.text()).isEqualTo("live\n");
            assertThat(ready.status()).isEqualTo(200);
            assertThat(ready.text()).isEqualTo("{\"ready\":true}");
        }
    }

    @Test
    void headOnTheProbesAnswersTheGetsStatusWithoutABody() throws Exception {
        AtomicReference<Optional<String>> problem = new AtomicReference<>(Optional.of("the storage is not open"));
        FakeTransportContext waiting =
                FakeTransportContext.builder().readiness(problem::get).build();
        try (TestServer probed = TestServer.start(waiting.with(List.of("echo"), call -> ToolResult.text("echo")));
                HttpClient client = HttpClient.newHttpClient()) {
            Function<String, HttpResponse<byte[]>> head = path -> {
                try {
                    return client.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + probed.port + path))
                                    .method("HEAD", HttpRequest.BodyPublishers.noBody())
                                    .build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            };
            HttpResponse<byte[]> notReady = head.apply("/readyz");
            HttpResponse<byte[]> live = head.apply("/healthz");
            problem.set(Optional.empty());
            HttpResponse<byte[]> ready = head.apply("/readyz");

            assertThat(notReady.statusCode()).isEqualTo(503);
            assertThat(notReady.body()).isEmpty();
            assertThat(live.statusCode()).isEqualTo(200);
            assertThat(live.body()).isEmpty();
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).isEmpty();
        }
    }

    @Test
    void answers503OnReadinessAndNewCallsWhileStoppingAndLetsTheRunningCallFinish() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);
        CompletableFuture<RawHttp.Response> running =
                send(server.post(ALICE_TOKEN, session, TestServer.call(2, "blocks")));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> stopping = CompletableFuture.runAsync(server.transport::stop, background);
        RawHttp.Response ready = RawHttp.request("GET", "/readyz").send(server.port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (ready.status() == 200 && System.nanoTime() < deadline) {
            Thread.sleep(10);
            ready = RawHttp.request("GET", "/readyz").send(server.port);
        }
        int live = RawHttp.request("GET", "/healthz").send(server.port).status();
        RawHttp.Response refused =
                server.post(ALICE_TOKEN, session, TestServer.call(3, "echo")).send(server.port);
        release.countDown();

        assertThat(ready.status()).isEqualTo(503);
        assertThat(ready.text()).isEqualTo("{\"ready\":false,\"reason\":\"stopping\"}");
        assertThat(live).as("liveness is the process only: it still runs").isEqualTo(200);
        assertThat(refused.status()).isEqualTo(503);
        RawHttp.Response answer = running.get(10, TimeUnit.SECONDS);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.messages().getFirst().toString()).contains("done");
        stopping.get(10, TimeUnit.SECONDS);
        assertThat(context.invocations()).isEqualTo(1);
    }

    @Test
    void readinessSaysStoppingFromTheStartOfTheKernelsShutdownWhileAHeldCallStillDrains() throws Exception {
        // The kernel's shutdown begins before any transport stops; another transport (the attach socket) drains
        // first, for up to 10 s, while this one still serves its held call.
        KernelReadiness readiness = new KernelReadiness(
                () -> {
                    throw new AssertionError("the plugins are not asked once the shutdown has begun");
                },
                new StorageAccess());
        FakeTransportContext kernel =
                Callers.builder(Callers.staticText(), true).readiness(readiness).build();
        server = TestServer.start(kernel.with(List.of("blocks"), this::invoke), Map.of());
        String session = server.initialize(ALICE_TOKEN);
        CompletableFuture<RawHttp.Response> held =
                send(server.post(ALICE_TOKEN, session, TestServer.call(2, "blocks")));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        readiness.beginStopping();
        RawHttp.Response whileOthersDrain = RawHttp.request("GET", "/readyz").send(server.port);
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(server.transport::stop, background);
        RawHttp.Response whileThisDrains = RawHttp.request("GET", "/readyz").send(server.port);
        boolean stillHeld = !held.isDone();
        release.countDown();

        assertThat(whileOthersDrain.status()).isEqualTo(503);
        assertThat(whileOthersDrain.text()).isEqualTo("{\"ready\":false,\"reason\":\"stopping\"}");
        assertThat(whileThisDrains.status()).isEqualTo(503);
        assertThat(whileThisDrains.text()).isEqualTo("{\"ready\":false,\"reason\":\"stopping\"}");
        assertThat(stillHeld)
                .as("the held call was still running while /readyz said stopping")
                .isTrue();
        RawHttp.Response answer = held.get(10, TimeUnit.SECONDS);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.messages().getFirst().toString()).contains("done");
        stopping.get(10, TimeUnit.SECONDS);
    }

    @Test
    void cancelsCallsStillRunningWhenTheDrainTimeoutEndsAndAnswersThemUnavailable() throws Exception {
        start(Map.of("drain-timeout-ms", 200));
        String session = server.initialize(ALICE_TOKEN);
        CompletableFuture<RawHttp.Response> running =
                send(server.post(ALICE_TOKEN, session, TestServer.call(2, "waits_for_cancel")));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        server.transport.stop();

        assertThat(cancelled.await(10, TimeUnit.SECONDS)).isTrue();
        RawHttp.Response answer = running.get(10, TimeUnit.SECONDS);
        assertThat(answer.messages().getFirst().toString())
                .as("the server stopped the call, the client did not cancel it: retryable UNAVAILABLE")
                .contains("UNAVAILABLE: the server is stopping")
                .doesNotContain("CANCELLED");
    }

    @Test
    void cancelsModernCallsStillRunningWhenTheDrainTimeoutEndsAndAnswersThemUnavailable() throws Exception {
        start(Map.of("drain-timeout-ms", 200));
        CompletableFuture<RawHttp.Response> running = send(
                TestServer.modern(ALICE_TOKEN, 3, "tools/call", "{\"name\":\"waits_for_cancel\"}", "waits_for_cancel"));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        server.transport.stop();

        assertThat(cancelled.await(10, TimeUnit.SECONDS)).isTrue();
        RawHttp.Response answer = running.get(10, TimeUnit.SECONDS);
        // held past the first heartbeat, the answer is the last event of a stream (ADR 45)
        assertThat(answer.messages().getLast()).containsEntry("id", 3);
        assertThat(answer.messages().getLast().toString())
                .as("the server stopped the call, as in the legacy era: retryable UNAVAILABLE")
                .contains("UNAVAILABLE: the server is stopping")
                .doesNotContain("CANCELLED");
    }

    @Test
    void aCallThatIgnoresCancellationPastTheDrainGetsAnErrorWithItsOwnId() throws Exception {
        start(Map.of("drain-timeout-ms", 200));
        String session = server.initialize(ALICE_TOKEN);
        CompletableFuture<RawHttp.Response> running =
                send(server.post(ALICE_TOKEN, session, TestServer.call(2, "blocks")));
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> stopping = CompletableFuture.runAsync(server.transport::stop, background);
        RawHttp.Response answer = running.get(20, TimeUnit.SECONDS);
        release.countDown();
        stopping.get(20, TimeUnit.SECONDS);

        // The stream has begun (heartbeats every 100 ms), so the error is its last event.
        assertThat(answer.messages()).singleElement().satisfies(message -> {
            assertThat(((Number) message.get("id")).intValue()).isEqualTo(2);
            assertThat(message.get("error").toString()).contains("the server is stopping");
        });
    }

    @Test
    void stopsOnceAndIgnoresFurtherStops() {
        start(Map.of());
        server.transport.stop();
        server.transport.stop();

        assertThat(server.transport.port()).isEqualTo(-1);
        new HttpTransport(new PluginContext("transport-http", Map.of(), Path.of("target"))).stop();
    }

    @Test
    void refusesToStartOnAPortInUse() {
        start(Map.of());
        HttpTransport second =
                new HttpTransport(new PluginContext("transport-http", Map.of("port", server.port), Path.of("target")));

        assertThatThrownBy(() -> second.start(context.with(List.of(), call -> ToolResult.text("x"))))
                .isInstanceOf(TransportException.class)
                .hasMessageContaining(Integer.toString(server.port));
        assertThat(second.port()).isEqualTo(-1);
    }

    @Test
    void aClientThatGoesAwayDoesNotCancelItsCallUntilItsSessionEnds() throws Exception {
        start(Map.of());
        String vanishing = server.initialize(ALICE_TOKEN);
        String staying = server.initialize(BOB_TOKEN);

        Socket socket = server.post(ALICE_TOKEN, vanishing, TestServer.call(2, "waits_for_cancel"))
                .open(server.port);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        socket.close();

        // Heartbeats every 100 ms reveal the vanished client at once; MCP says that is not a cancellation.
        assertThat(cancelled.await(1, TimeUnit.SECONDS)).isFalse();
        RawHttp.Response other =
                server.post(BOB_TOKEN, staying, TestServer.call(3, "echo")).send(server.port);
        assertThat(other.status()).isEqualTo(200);
        assertThat(other.messages().getFirst().toString()).contains("echo");

        RawHttp.request("DELETE", "/mcp")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", vanishing)
                .send(server.port);
        assertThat(cancelled.await(10, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void writesNothingToStandardOutput() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            start(Map.of());
            String session = server.initialize(ALICE_TOKEN);
            server.post(ALICE_TOKEN, session, TestServer.call(2, "echo")).send(server.port);
            RawHttp.request("GET", "/healthz").header("Host", "evil.example").send(server.port);
            RawHttp.request("DELETE", "/mcp")
                    .header("Authorization", "Bearer " + ALICE_TOKEN)
                    .header("Mcp-Session-Id", session)
                    .send(server.port);
            server.close();
            server = null;
        } finally {
            System.setOut(original);
        }

        assertThat(captured.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    private CompletableFuture<RawHttp.Response> send(RawHttp request) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return request.send(server.port);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                background);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
