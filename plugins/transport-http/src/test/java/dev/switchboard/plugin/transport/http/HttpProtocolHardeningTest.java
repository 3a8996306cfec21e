package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.transport.WronglyShapedParams;
import dev.switchboard.ports.tool.ErrorCode;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/**
 * Replays of bugs published against other MCP servers and SDKs, on the real Helidon server: each malformed message
 * gets the error class it deserves (never HTTP 500), ids stay unambiguous, cancelled calls stay silent.
 */
class HttpProtocolHardeningTest {

    private final FakeTransportContext context = Callers.fake();
    private final CountDownLatch waiting = new CountDownLatch(1);
    private final CountDownLatch cancelRaised = new CountDownLatch(1);
    private final CountDownLatch returned = new CountDownLatch(1);
    private TestServer server;
    private String session;

    private void start(Map<String, Object> settings) throws Exception {
        server = TestServer.start(context.with(List.of("echo", "waits_for_cancel"), this::invoke), settings);
        session = server.initialize(ALICE_TOKEN);
    }

    @AfterEach
    void stop() {
        cancelRaised.countDown();
        if (server != null) {
            server.close();
        }
    }

    private ToolResult invoke(ToolCall call) {
        if (call.toolName().equals("waits_for_cancel")) {
            call.cancellation().onCancel(cancelRaised::countDown);
            waiting.countDown();
            try {
                cancelRaised.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            returned.countDown();
            return ToolResult.failure(ErrorCode.CANCELLED, "cancelled by the client");
        }
        return ToolResult.text("echo");
    }

    @Test
    void aDuplicateKeyIsAParseErrorAndNeitherMethodRuns() throws Exception {
        start(Map.of());

        RawHttp.Response response = server.post(
                        ALICE_TOKEN,
                        session,
                        "{\"jsonrpc\":\"2.0\",\"id\":2,"
                                + "\"method\":\"tools/list\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\"}}")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32700);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void paramsOrArgumentsThatAreNoObjectAreInvalidParams() throws Exception {
        start(Map.of());
        for (String params : List.of(
                "\"x\"", "[1]", "{\"name\":\"echo\",\"arguments\":\"x\"}", "{\"name\":\"echo\",\"arguments\":[1]}")) {
            RawHttp.Response response = server.post(
                            ALICE_TOKEN,
                            session,
                            "{\"jsonrpc\":\"2.0\",\"id\":3," + "\"method\":\"tools/call\",\"params\":" + params + "}")
                    .send(server.port);

            assertThat(response.status()).as(params).isLessThan(500);
            assertThat(response.messages().getFirst()).as(params).containsEntry("id", 3);
            assertThat(errorOf(response.messages().getFirst())).as(params).containsEntry("code", -32602);
        }
    }

    @Test
    void paramsOfTheWrongShapeAreInvalidParamsForEveryMethodAsOverStdio() throws Exception {
        List<String> requests = WronglyShapedParams.requests(100);
        start(Map.of("rate-limit-burst", requests.size() + 10));
        int id = 100;
        for (String request : requests) {
            RawHttp.Response response =
                    server.post(ALICE_TOKEN, session, request).send(server.port);

            assertThat(response.status()).as(request).isLessThan(500);
            assertThat(response.messages().getFirst()).as(request).containsEntry("id", id++);
            assertThat(errorOf(response.messages().getFirst())).as(request).containsEntry("code", -32602);
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void initializeWithParamsThatAreNoObjectIsInvalidParamsNot500() throws Exception {
        start(Map.of());

        RawHttp.Response response = server.post(
                        ALICE_TOKEN, null, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":\"x\"}")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32602);
    }

    @Test
    void malformedResponseShapedBodiesAreRefusedWith400AndAnErrorThatCarriesNoId() throws Exception {
        start(Map.of());
        for (String body : List.of(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":\"x\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":\"x\",\"message\":[]}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}")) {
            RawHttp.Response response = server.post(ALICE_TOKEN, session, body).send(server.port);

            assertThat(response.status()).as(body).isEqualTo(400);
            assertThat(response.error()).as(body).containsEntry("code", -32600);
            assertThat(response.json())
                    .as(
                            "never answered as if it were the client's own request 1 (one rule with stdio: -32600, id null)")
                    .containsEntry("id", null);
        }
        assertThat(context.invocations()).isZero();
    }

    @Test
    void anUnknownLoggingLevelIsInvalidParams() throws Exception {
        start(Map.of());

        RawHttp.Response response = server.post(
                        ALICE_TOKEN,
                        session,
                        "{\"jsonrpc\":\"2.0\",\"id\":4,"
                                + "\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}")
                .send(server.port);

        assertThat(errorOf(response.messages().getFirst())).containsEntry("code", -32602);
    }

    @Test
    void aRequestReusingTheIdOfOneInFlightIsRefusedAndACancelledCallSendsNoAnswer() throws Exception {
        start(Map.of());
        CompletableFuture<RawHttp.Response> first = CompletableFuture.supplyAsync(
                () -> send(server.post(ALICE_TOKEN, session, TestServer.call(7, "waits_for_cancel"))));
        assertThat(waiting.await(10, TimeUnit.SECONDS)).isTrue();

        RawHttp.Response reused =
                server.post(ALICE_TOKEN, session, TestServer.call(7, "echo")).send(server.port);
        RawHttp.Response cancel = server.post(
                        ALICE_TOKEN,
                        session,
                        "{\"jsonrpc\":\"2.0\",\"method\":"
                                + "\"notifications/cancelled\",\"params\":{\"requestId\":7}}")
                .send(server.port);

        assertThat(reused.status()).isEqualTo(400);
        assertThat(reused.error()).containsEntry("code", -32600);
        assertThat(reused.json()).containsEntry("id", 7);
        assertThat(cancel.status()).isEqualTo(202);
        assertThat(returned.await(10, TimeUnit.SECONDS)).isTrue();
        RawHttp.Response answer = first.get(10, TimeUnit.SECONDS);
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.messages())
                .as("no answer after notifications/cancelled")
                .isEmpty();
        assertThat(server.post(ALICE_TOKEN, session, TestServer.call(7, "echo"))
                        .send(server.port)
                        .messages())
                .as("the id is free again")
                .singleElement()
                .satisfies(m -> assertThat(m).containsKey("result"));
    }

    @Test
    void aGetStreamSendsItsHeadersAtOnceNotAtTheFirstHeartbeat() throws Exception {
        start(Map.of("sse-heartbeat-ms", 60_000));
        RawHttp get = RawHttp.request("GET", "/mcp")
                .header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", session)
                .header("MCP-Protocol-Version", TestServer.VERSION)
                .header("Connection", "keep-alive");
        long started = System.nanoTime();
        try (Socket socket = get.open(server.port)) {
            socket.setSoTimeout(5_000);
            InputStream in = socket.getInputStream();
            byte[] head = new byte[12];
            int read = in.readNBytes(head, 0, head.length);

            assertThat(new String(head, 0, read, java.nio.charset.StandardCharsets.US_ASCII))
                    .isEqualTo("HTTP/1.1 200");
            assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
        }
    }

    private RawHttp.Response send(RawHttp request) {
        try {
            return request.send(server.port);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> errorOf(Map<String, Object> message) {
        assertThat(message).containsKey("error");
        return (Map<String, Object>) message.get("error");
    }
}
