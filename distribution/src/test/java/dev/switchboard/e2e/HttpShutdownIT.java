package dev.switchboard.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.switchboard.e2e.conformance.ConformanceFixture;
import dev.switchboard.testkit.distribution.HttpServe;
import dev.switchboard.testkit.distribution.Installation;

/**
 * SIGTERM to {@code serve --http} with a call in flight. The slow call is the conformance fixture's
 * {@code test_sampling}: it asks the client's model on the call's SSE stream and waits for the answer, so the test
 * decides when it ends. Raw HTTP ({@code java.net.http}), authentication on, drain timeout lowered to 3 s.
 */
class HttpShutdownIT {

    private static final Duration DRAIN = Duration.ofSeconds(3);
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final JsonMapper JSON = JsonMapper.shared();

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private HttpServe server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        http.close();
    }

    @Test
    void aCallInFlightAtSigtermIsStillAnsweredAndTheServerExitsWithinTheDrainTimeout() throws Exception {
        start();
        assertThat(get("/readyz").statusCode()).as(server.log()).isEqualTo(200);
        String session = initialize();
        BlockingQueue<String> stream = callSampling(session);
        JsonNode sampling = awaitMessage(stream, "sampling/createMessage");

        server.sigterm();
        assertThat(awaitHealth(503)).as("/readyz while stopping" + server.log()).isEqualTo(503);
        HttpResponse<String> answer = post(session, """
                {"jsonrpc":"2.0","id":%s,"result":{"role":"assistant","model":"test",\
                "content":{"type":"text","text":"drained"}}}""".formatted(sampling.get("id")));
        assertThat(answer.statusCode()).as(answer.body() + server.log()).isEqualTo(202);
        JsonNode result = awaitMessage(stream, null);
        OptionalLong exit = server.awaitExit(DRAIN.plus(WAIT));

        assertThat(result.toString()).as(server.log()).contains("LLM response: drained");
        assertThat(exit).as("the server exits after the drain" + server.log()).isPresent();
    }

    @Test
    void aCallStillRunningAfterTheDrainTimeoutIsCancelledAndTheServerExits() throws Exception {
        start();
        String session = initialize();
        BlockingQueue<String> stream = callSampling(session);
        awaitMessage(stream, "sampling/createMessage");
        Instant signalled = Instant.now();

        server.sigterm();
        OptionalLong exit = server.awaitExit(DRAIN.plus(WAIT));

        assertThat(exit)
                .as("the server exits although the call never ended" + server.log())
                .isPresent();
        assertThat(server.log()).contains("still running after");
        assertThat(Duration.between(signalled, Instant.now())).isGreaterThanOrEqualTo(DRAIN.minusMillis(100));
    }

    /** SIGTERM is an orderly stop: drain, cancel the rest, exit 0 (not the JVM's default 143). */
    @Test
    void sigtermEndsTheServerWithStatusZero() {
        start();

        OptionalLong exit = server.terminate(DRAIN.plus(WAIT));

        assertThat(exit).as(server.log()).hasValue(0);
    }

    private void start() {
        Installation installation = Installation.copyOfBuilt(dir);
        ConformanceFixture.enable(installation);
        server = HttpServe.start(
                installation,
                Map.of("SWITCHBOARD_PLUGINS__TRANSPORT_HTTP__DRAIN_TIMEOUT_MS", Long.toString(DRAIN.toMillis())),
                dir.resolve("server.log"));
    }

    private String initialize() throws IOException, InterruptedException {
        HttpResponse<String> init = post(null, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",\
                "capabilities":{"sampling":{}},"clientInfo":{"name":"shutdown-it","version":"1"}}}""");
        assertThat(init.statusCode()).as(init.body() + server.log()).isEqualTo(200);
        String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
        HttpResponse<String> initialized = post(session, """
                {"jsonrpc":"2.0","method":"notifications/initialized"}""");
        assertThat(initialized.statusCode()).isEqualTo(202);
        return session;
    }

    /** @return the call's SSE stream, its {@code data:} payloads in order, read on a thread of its own */
    private BlockingQueue<String> callSampling(String session) {
        BlockingQueue<String> data = new LinkedBlockingQueue<>();
        CompletableFuture<HttpResponse<Stream<String>>> call =
                http.sendAsync(request(session, """
                {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_sampling",\
                "arguments":{"prompt":"slow"}}}"""), HttpResponse.BodyHandlers.ofLines());
        call.thenAccept(response -> Thread.ofVirtual()
                .start(() -> response.body()
                        .filter(line -> line.startsWith("data:"))
                        .forEach(line ->
                                data.add(line.substring("data:".length()).strip()))));
        return data;
    }

    /** @return the next message on the stream, which must be the named request, or (method null) a response */
    private JsonNode awaitMessage(BlockingQueue<String> stream, String method) throws InterruptedException {
        String line = stream.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(line).as("a message on the call's stream" + server.log()).isNotNull();
        JsonNode message = JSON.readTree(line);
        if (method == null) {
            assertThat(message.has("result")).as(line).isTrue();
        } else {
            assertThat(message.path("method").asString()).as(line).isEqualTo(method);
        }
        return message;
    }

    private int awaitHealth(int expected) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(WAIT);
        int status = get("/readyz").statusCode();
        while (status != expected && Instant.now().isBefore(deadline)) {
            Thread.sleep(20);
            status = get("/readyz").statusCode();
        }
        return status;
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(server.uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String session, String body) throws IOException, InterruptedException {
        return http.send(request(session, body), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest request(String session, String body) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(server.uri("/mcp"))
                .header("Authorization", "Bearer " + server.token())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (session != null) {
            builder.header("Mcp-Session-Id", session);
        }
        return builder.build();
    }
}
