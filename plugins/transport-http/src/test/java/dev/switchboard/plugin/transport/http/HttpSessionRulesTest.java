package dev.switchboard.plugin.transport.http;

import static dev.switchboard.plugin.transport.http.Callers.ALICE_TOKEN;
import static dev.switchboard.plugin.transport.http.Callers.BOB_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.switchboard.bridge.mcp.transport.ProtocolRules;
import dev.switchboard.ports.tool.ToolCall;
import dev.switchboard.ports.tool.ToolResult;
import dev.switchboard.testkit.transport.FakeTransportContext;

/** MCP 2025-11-25 session rules: ids, ownership, protocol versions, batches, the session limit, idle expiry. */
class HttpSessionRulesTest {

    private final FakeTransportContext context = Callers.fake();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch blocking = new CountDownLatch(1);
    private final CountDownLatch slowToCancelRunning = new CountDownLatch(1);
    private final CountDownLatch cancelling = new CountDownLatch(1);
    private final CountDownLatch cancelDone = new CountDownLatch(1);
    private TestServer server;

    private TestServer start(Map<String, Object> settings) {
        server = TestServer.start(context.with(List.of("whoami", "blocks", "slow_to_cancel"), this::invoke), settings);
        return server;
    }

    @AfterEach
    void stop() {
        release.countDown();
        cancelDone.countDown();
        if (server != null) {
            server.close();
        }
    }

    private ToolResult invoke(ToolCall call) {
        if (call.toolName().equals("slow_to_cancel")) {
            call.cancellation().onCancel(() -> {
                cancelling.countDown();
                awaitQuietly(cancelDone);
            });
            slowToCancelRunning.countDown();
            awaitQuietly(cancelDone);
        }
        if (call.toolName().equals("blocks")) {
            blocking.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return ToolResult.text(call.principal().id());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void issuesUnguessableSessionIds() throws Exception {
        start(Map.of());
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            ids.add(server.initialize(ALICE_TOKEN));
        }

        assertThat(ids).hasSize(5).allMatch(id -> id.matches("[A-Za-z0-9_-]{43}"));
    }

    @Test
    void answersADeletedSessionWith404() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);
        RawHttp.request("DELETE", "/mcp")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("Mcp-Session-Id", session)
                .send(server.port);

        RawHttp.Response response =
                server.post(ALICE_TOKEN, session, TestServer.call(2, "whoami")).send(server.port);

        assertThat(response.status()).isEqualTo(404);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void ofTwoDeletesOfOneSessionAtOnceOneEndsItAndTheOtherGets404() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);
        ExecutorService background = Executors.newFixedThreadPool(2);
        try {
            background.submit(() -> server.post(ALICE_TOKEN, session, TestServer.call(2, "slow_to_cancel"))
                    .send(server.port));
            assertThat(slowToCancelRunning.await(10, TimeUnit.SECONDS)).isTrue();
            Future<Integer> first = background.submit(() -> delete(session));
            // the first DELETE is ending the session: its running call is being cancelled, slowly
            assertThat(cancelling.await(10, TimeUnit.SECONDS)).isTrue();

            int second = delete(session);
            cancelDone.countDown();

            assertThat(List.of(first.get(20, TimeUnit.SECONDS), second)).containsExactly(200, 404);
        } finally {
            cancelDone.countDown();
            background.shutdownNow();
        }
    }

    private int delete(String session) throws IOException {
        return RawHttp.request("DELETE", "/mcp")
                .header("Authorization", "Bearer " + ALICE_TOKEN)
                .header("MCP-Protocol-Version", TestServer.VERSION)
                .header("Mcp-Session-Id", session)
                .send(server.port)
                .status();
    }

    @Test
    void hidesASessionFromAnyOtherPrincipal() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);

        RawHttp.Response foreign =
                server.post(BOB_TOKEN, session, TestServer.call(2, "whoami")).send(server.port);
        RawHttp.Response foreignDelete = RawHttp.request("DELETE", "/mcp")
                .header("Authorization", "Bearer " + BOB_TOKEN)
                .header("Mcp-Session-Id", session)
                .send(server.port);
        RawHttp.Response own =
                server.post(ALICE_TOKEN, session, TestServer.call(3, "whoami")).send(server.port);

        assertThat(foreign.status()).isEqualTo(404);
        assertThat(foreignDelete.status()).isEqualTo(404);
        assertThat(own.status()).isEqualTo(200);
        assertThat(context.invocations()).isEqualTo(1);
    }

    @Test
    void requiresASessionIdAfterInitialize() throws Exception {
        start(Map.of());
        server.initialize(ALICE_TOKEN);

        RawHttp.Response response =
                server.post(ALICE_TOKEN, null, TestServer.call(2, "whoami")).send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat((String) response.error().get("message")).contains("Mcp-Session-Id");
    }

    @Test
    void answersAnUnknownSessionIdWith404() throws Exception {
        start(Map.of());

        RawHttp.Response response = server.post(ALICE_TOKEN, "no-such-session", TestServer.call(2, "whoami"))
                .send(server.port);

        assertThat(response.status()).isEqualTo(404);
    }

    @Test
    void refusesAnUnsupportedProtocolVersionAndTakesAMissingOneAs20250326() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);

        RawHttp.Response unsupported = server.post(ALICE_TOKEN, session, TestServer.call(2, "whoami"))
                .header("MCP-Protocol-Version", "1999-01-01")
                .send(server.port);
        RawHttp.Response missing = server.post(ALICE_TOKEN, session, TestServer.call(3, "whoami"))
                .header("MCP-Protocol-Version", null)
                .send(server.port);

        assertThat(unsupported.status()).isEqualTo(400);
        assertThat((String) unsupported.error().get("message")).contains("1999-01-01");
        assertThat(missing.status()).isEqualTo(200);
    }

    @Test
    void refusesABatchOnProtocol20250618WithAJsonRpcError() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);

        RawHttp.Response response = server.post(
                        ALICE_TOKEN,
                        session,
                        "[" + TestServer.call(2, "whoami") + "," + TestServer.call(3, "whoami") + "]")
                .header("MCP-Protocol-Version", "2025-06-18")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json()).containsEntry("jsonrpc", "2.0").containsEntry("id", null);
        assertThat(response.error()).containsEntry("code", -32600);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void answersABatchOnProtocol20250326OnOneStream() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN, "2025-03-26");

        RawHttp.Response response = server.post(
                        ALICE_TOKEN,
                        session,
                        "[" + TestServer.call(2, "whoami") + ","
                                + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,"
                                + "\"progress\":1}}," + TestServer.call(3, "whoami") + "]")
                .header("MCP-Protocol-Version", "2025-03-26")
                .send(server.port);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.messages()).extracting(m -> m.get("id")).containsExactlyInAnyOrder(2, 3);
    }

    @Test
    void takesTheBatchRuleFromTheSessionsNegotiatedVersionNotFromTheHeader() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN);

        RawHttp.Response response = server.post(ALICE_TOKEN, session, "[" + TestServer.call(2, "whoami") + "]")
                .header("MCP-Protocol-Version", "2025-03-26")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32600);
        assertThat((String) response.error().get("message")).contains(TestServer.VERSION);
    }

    @Test
    void refusesABatchOfMoreThanTheCapBeforeAnyOfItRuns() throws Exception {
        start(Map.of());
        String session = server.initialize(ALICE_TOKEN, "2025-03-26");
        String batch = java.util.stream.IntStream.rangeClosed(1, ProtocolRules.MAX_BATCH + 1)
                .mapToObj(id -> TestServer.call(id, "whoami"))
                .collect(java.util.stream.Collectors.joining(",", "[", "]"));

        RawHttp.Response response = server.post(ALICE_TOKEN, session, batch)
                .header("MCP-Protocol-Version", "2025-03-26")
                .send(server.port);

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.error()).containsEntry("code", -32600);
        assertThat((String) response.error().get("message")).contains("at most " + ProtocolRules.MAX_BATCH);
        assertThat(context.invocations()).isEqualTo(0);
    }

    @Test
    void refusesANewSessionWith503WhenEverySessionIsBusy() throws Exception {
        start(Map.of("max-sessions", 1));
        String session = server.initialize(ALICE_TOKEN);
        ExecutorService background = Executors.newVirtualThreadPerTaskExecutor();
        CompletableFuture<RawHttp.Response> running = CompletableFuture.supplyAsync(
                () -> send(server.post(ALICE_TOKEN, session, TestServer.call(2, "blocks"))), background);
        assertThat(blocking.await(10, TimeUnit.SECONDS)).isTrue();

        RawHttp.Response refused =
                server.post(BOB_TOKEN, null, TestServer.initializeRequest(1)).send(server.port);
        release.countDown();

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(running.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
        background.shutdown();
    }

    @Test
    void reclaimsTheLeastRecentlyUsedIdleSessionWhenFull() throws Exception {
        start(Map.of("max-sessions", 2));
        String older = server.initialize(ALICE_TOKEN);
        String newer = server.initialize(ALICE_TOKEN);
        server.post(ALICE_TOKEN, older, TestServer.call(2, "whoami")).send(server.port);

        String third = server.initialize(BOB_TOKEN);

        assertThat(server.post(ALICE_TOKEN, newer, TestServer.call(3, "whoami"))
                        .send(server.port)
                        .status())
                .isEqualTo(404);
        assertThat(server.post(ALICE_TOKEN, older, TestServer.call(4, "whoami"))
                        .send(server.port)
                        .status())
                .isEqualTo(200);
        assertThat(server.post(BOB_TOKEN, third, TestServer.call(5, "whoami"))
                        .send(server.port)
                        .status())
                .isEqualTo(200);
    }

    @Test
    void expiresIdleSessions() throws Exception {
        start(Map.of("session-idle-timeout-ms", 150));
        String session = server.initialize(ALICE_TOKEN);

        Thread.sleep(1000);
        RawHttp.Response response =
                server.post(ALICE_TOKEN, session, TestServer.call(2, "whoami")).send(server.port);

        assertThat(response.status()).isEqualTo(404);
    }

    private RawHttp.Response send(RawHttp request) {
        try {
            return request.send(server.port);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
